// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Compare page: a chart of one comparison (bars with confidence
// intervals and baselines, time series, latency CDF, size sweep, host-pair
// matrix) beside a ratio table of every group against a chosen reference
// with Welch intervals and a verdict in words, plus PNG/SVG/PDF/CSV export.
// Data comes from a ComparisonProvider (the open results database, its
// runs beside its baselines) or directly as a ComparisonData value. The
// comparison engine (analysis/comparisonengine.h) makes the conditions,
// cells, intervals and verdicts the page shows: one condition at a time. A provider with a
// builder (the results store) gets a filter row (kind, metric, dates, text,
// status, size) and a check list of the runs and baselines it matched, or
// the runs picked on the Results page; its comparisons are built on a worker
// thread, the newest request winning.

#include "analysis/comparisondata.h"
#include "analysis/comparisonengine.h"
#include "analysis/comparisonprovider.h"
#include "analysis/comparisonselection.h"
#include "analysis/groupcomparison.h"
#include "chartexporter.h"
#include "comparisonreport.h"
#include "page.h"

#include <QHash>
#include <QSet>

#include <atomic>
#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QDateEdit;
class QLineEdit;
class QListView;
class QProgressBar;
class QTimer;
class QLabel;
class QStandardItemModel;
class QTableView;
class QToolButton;

namespace wb::charts {
class ChartView;
}

namespace wb::gui {

class CandidateListModel;
class HistoryWindow;

class ComparePage : public Page
{
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);
    ~ComparePage() override;
    QIcon icon() const override;

    // Replaces the data source (not owned; nullptr: nothing to compare
    // until a database is open). Loads the provider's first dataset.
    void setProvider(ComparisonProvider *provider);
    // Shows one dataset directly, e.g. one a provider delivered later.
    void setData(const ComparisonData &data);
    const ComparisonData &data() const { return m_data; }
    // What the page shows: the engine's view of data() for the chosen
    // grouping, condition, reference and confidence.
    const ComparisonView &view() const { return m_view; }

    charts::ChartView *chartView() const { return m_chart; }
    QStandardItemModel *ratioModel() const { return m_ratioModel; }
    // The comparisons behind the ratio table, one per row.
    const QList<GroupComparison> &comparisons() const { return m_comparisons; }

    // Compares exactly these runs (and the baselines of their kind), e.g.
    // the rows selected on the Results page. An empty list returns to the filter.
    void compareRuns(const QList<qint64> &runIds);
    // Compares the arms of one plan run's A/B experiment, for `kind` (one of
    // its tests' kinds; the dataset list switches between them): its runs
    // only, grouped by arm, no baselines. compareRuns({}) returns to the filter.
    void compareExperiment(const QString &planRunId, const QString &kind);
    QString experiment() const { return m_experiment; }
    // Sets the filter fields (kind, metric, dates, text, status, size) and
    // rebuilds; the page's own widgets do the same after a short pause.
    void setFilter(const ComparisonSelection &filter);
    // What the next build uses: the filter fields, picked runs, unchecked candidates.
    ComparisonSelection selection() const;
    // True while a comparison is being built off the GUI thread.
    bool isBuilding() const { return m_running > 0 || m_pending; }
    QListView *candidateList() const { return m_candidates; }
    CandidateListModel *candidateModel() const { return m_candidateModel; }
    // Builds now instead of after the typing pause.
    void rebuild();

    // Export without dialogs (the actions ask for a path, then call this).
    bool exportChart(charts::ExportFormat format, const QString &path, QString *error);
    void setExportSettings(const charts::ExportSettings &s) { m_exportSettings = s; }
    const charts::ExportSettings &exportSettings() const { return m_exportSettings; }
    // Test seam: the next export action uses this path and skips its dialogs.
    void setNextExportPath(const QString &path) { m_nextExportPath = path; }

    QAction *exportAction(charts::ExportFormat format) const;
    // "History…" (Ctrl+H): the selected row's condition over time on the
    // element the row stands for (its switch, cable or NIC when grouped by
    // one, else the host pair of its newest run). Disabled for a baseline
    // row and without a database.
    QAction *historyAction() const { return m_historyAction; }
    // Opens (or raises) the History window for the selected row; null when
    // the action is disabled.
    HistoryWindow *showHistory();

    // Column of the ratio table.
    enum Column {
        GroupColumn,
        LinkColumn,
        CountColumn,
        MeanColumn,
        CeilingColumn,
        RatioColumn,
        PValueColumn,
        VerdictColumn,
        ColumnCount
    };

    // The whole comparison (chart, ratio table, the inventory of what was
    // compared, each end's environment, sources) as HTML or PDF. Reads the
    // runs here; the Ctrl+Shift+R action reads them on a worker thread.
    bool exportReport(const QString &path, QString *error);

signals:
    void exported(const QString &path);
    // A background build was applied (also when it found nothing: see data()).
    void comparisonBuilt();
    void exportFailed(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    // The kinds (or datasets) offered: "UDP stream: throughput" shown, the
    // name ("udp_stream: throughput") kept as the item's data.
    void addDatasets(const QStringList &names);
    // The kind of item `index` (its name up to the colon).
    QString datasetKind(int index) const;
    void buildUi();
    void loadDataset(const QString &name);
    // `view`: the engine's view of `data` for the page's current grouping,
    // condition, reference and confidence, when a worker made it already.
    void applyData(const ComparisonData &data, std::optional<ComparisonView> view = std::nullopt,
                   std::optional<ComparisonData> chart = std::nullopt);
    void refresh();
    void refreshView(std::optional<ComparisonView> precomputed = std::nullopt,
                     std::optional<ComparisonData> chart = std::nullopt);
    ComparisonRequest currentRequest() const;
    void refreshTable();
    void showSelectedVerdict();
    void onExportTriggered(charts::ExportFormat format);
    void onReportTriggered();
    charts::ChartOptions currentOptions() const;
    // What the chart draws for these options (the heat map may add its
    // side-by-side panels to them).
    ComparisonData chartData(charts::ChartOptions &options) const;
    // The dimension a sweep chart groups by (a numeric defining
    // parameter), or empty when the data has none.
    QString sweepDimension() const;
    bool kindAvailable(charts::ChartKind kind) const;
    QWidget *buildFilterRow();
    QWidget *buildCandidatePanel();
    void scheduleBuild();
    void startBuild(bool wantKinds);
    void launchBuild(bool wantKinds);
    void applyBuild(const ComparisonBuild &build, std::optional<ComparisonView> view, std::optional<ComparisonData> chart);
    void onCandidateToggled();
    void setAllCandidates(bool checked);
    void updateSelectionSummary();
    bool writeReport(const QString &path, const QList<charts::ReportSection> &sections, QString *error);
    void writeReportFinished(const QString &path, const QList<charts::ReportSection> &sections);

    ComparisonProvider *m_provider = nullptr;
    ComparisonData m_data;
    ComparisonView m_view;
    // m_view's chart data for bars, sweeps, time series and CDFs, made on
    // the worker with the view; empty once the view is remade here.
    std::optional<ComparisonData> m_chartCache;
    QList<GroupComparison> m_comparisons;
    charts::ExportSettings m_exportSettings;
    QString m_nextExportPath;
    bool m_updating = false;
    ComparisonProvider::Builder m_builder;
    std::shared_ptr<std::atomic_bool> m_cancel; // of the newest build
    quint64 m_generation = 0;
    int m_running = 0;
    bool m_pending = false;      // a newer build waits for the running one to stop
    bool m_pendingKinds = false; // ... and wants the kinds listed
    QList<qint64> m_pickedRuns;
    QString m_experiment; // plan run id of the experiment compared; empty: none
    QTimer *m_buildDelay = nullptr;
    QWidget *m_filterRow = nullptr;
    QWidget *m_candidatePanel = nullptr;
    QComboBox *m_metric = nullptr;
    QDateEdit *m_from = nullptr;
    QDateEdit *m_to = nullptr;
    QLineEdit *m_text = nullptr;
    QLineEdit *m_tag = nullptr;
    QComboBox *m_statusFilter = nullptr;
    QLineEdit *m_size = nullptr;
    QListView *m_candidates = nullptr;
    CandidateListModel *m_candidateModel = nullptr;
    QLabel *m_selectionSummary = nullptr;
    QLabel *m_picked = nullptr;
    QToolButton *m_clearPicked = nullptr;
    QProgressBar *m_busy = nullptr;

    QLabel *m_origin = nullptr;
    QComboBox *m_dataset = nullptr;
    QComboBox *m_kind = nullptr;
    QCheckBox *m_logScale = nullptr; // partly checked: the chart chooses
    QComboBox *m_groupBy = nullptr;
    QLabel *m_groupByLabel = nullptr;
    QComboBox *m_matrixSeries = nullptr;
    QLabel *m_matrixSeriesLabel = nullptr;
    QComboBox *m_reference = nullptr;
    QComboBox *m_condition = nullptr;
    QComboBox *m_confidence = nullptr;
    QToolButton *m_exportButton = nullptr;
    QAction *m_historyAction = nullptr;
    HistoryWindow *m_history = nullptr;
    QList<QAction *> m_exportActions; // indexed by ExportFormat
    charts::ChartView *m_chart = nullptr;
    QTableView *m_table = nullptr;
    QStandardItemModel *m_ratioModel = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace wb::gui
