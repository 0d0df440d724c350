// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Compare page: a chart of one comparison (bars with confidence
// intervals and baselines, time series, latency CDF, size sweep, host-pair
// matrix) beside a ratio table of every group against a chosen reference
// with Welch intervals and a verdict in words, plus PNG/SVG/PDF/CSV export.
// Data comes from a ComparisonProvider (the seed baselines until the results
// store is wired) or directly as a ComparisonData value.

#include "analysis/comparisondata.h"
#include "analysis/groupcomparison.h"
#include "chartexporter.h"
#include "page.h"

#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QStandardItemModel;
class QTableView;
class QToolButton;

namespace wb {
class ComparisonProvider;
}

namespace wb::charts {
class ChartView;
}

namespace wb::gui {

class ComparePage : public Page
{
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);
    ~ComparePage() override;
    QIcon icon() const override;

    // Replaces the data source (not owned; nullptr restores the seed
    // baselines). Loads the provider's first dataset.
    void setProvider(ComparisonProvider *provider);
    // Shows one dataset directly, e.g. one a provider delivered later.
    void setData(const ComparisonData &data);
    const ComparisonData &data() const { return m_data; }

    charts::ChartView *chartView() const { return m_chart; }
    QStandardItemModel *ratioModel() const { return m_ratioModel; }
    // The comparisons behind the ratio table, one per row.
    const QList<GroupComparison> &comparisons() const { return m_comparisons; }

    // Export without dialogs (the actions ask for a path, then call this).
    bool exportChart(charts::ExportFormat format, const QString &path, QString *error);
    void setExportSettings(const charts::ExportSettings &s) { m_exportSettings = s; }
    const charts::ExportSettings &exportSettings() const { return m_exportSettings; }
    // Test seam: the next export action uses this path and skips its dialogs.
    void setNextExportPath(const QString &path) { m_nextExportPath = path; }

    QAction *exportAction(charts::ExportFormat format) const;

    // Column of the ratio table.
    enum Column { GroupColumn, CountColumn, MeanColumn, RatioColumn, PValueColumn, VerdictColumn, ColumnCount };

    // The whole comparison (chart, ratio table, sources) as HTML or PDF.
    bool exportReport(const QString &path, QString *error);

signals:
    void exported(const QString &path);
    void exportFailed(const QString &message);

private:
    void buildUi();
    void loadDataset(const QString &name);
    void applyData(const ComparisonData &data);
    void refresh();
    void refreshReferences();
    void refreshTable();
    void showSelectedVerdict();
    void onExportTriggered(charts::ExportFormat format);
    void onReportTriggered();
    charts::ChartOptions currentOptions() const;

    std::unique_ptr<ComparisonProvider> m_seedProvider;
    ComparisonProvider *m_provider = nullptr;
    ComparisonData m_data;
    QList<GroupComparison> m_comparisons;
    charts::ExportSettings m_exportSettings;
    QString m_nextExportPath;
    bool m_updating = false;

    QLabel *m_origin = nullptr;
    QComboBox *m_dataset = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_groupBy = nullptr;
    QLabel *m_groupByLabel = nullptr;
    QComboBox *m_matrixSeries = nullptr;
    QLabel *m_matrixSeriesLabel = nullptr;
    QComboBox *m_reference = nullptr;
    QComboBox *m_confidence = nullptr;
    QToolButton *m_exportButton = nullptr;
    QList<QAction *> m_exportActions; // indexed by ExportFormat
    charts::ChartView *m_chart = nullptr;
    QTableView *m_table = nullptr;
    QStandardItemModel *m_ratioModel = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace wb::gui
