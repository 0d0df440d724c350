// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The History window the Compare page opens for one of its rows: the
// row's condition over time on one element of the lab its runs went
// through (the host pair, a NIC, the switch or the cable; the window offers
// each the newest run crossed), drawn by the History chart
// (app/charts/historychart) from core/analysis/history: every run a point
// with its interval, segment means, change points, environment changes and
// the runs' tags. The history is read on a reader of the store service; the
// window says so while it waits. Ctrl+T shows the plotted points as a
// table; Export writes PNG, SVG, PDF or CSV.

#include "analysis/history.h"
#include "historychart.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QToolButton;
class QVBoxLayout;

namespace wb {
class StoreService;
}

namespace wb::gui {

class HistoryWindow : public QDialog
{
    Q_OBJECT
public:
    HistoryWindow(std::shared_ptr<StoreService> store, QWidget *parent = nullptr);

    // The history of `condition` on the elements of run `runId`: `preferred`
    // (an element of that run, e.g. the switch the Compare row stands for)
    // when it is one of them, else the run's host pair.
    void showHistory(const Condition &condition, qint64 runId, double confidence,
                     const std::optional<HistoryElement> &preferred = std::nullopt);

    bool isLoading() const { return m_loading; }
    const History &history() const { return m_history; }
    const charts::HistoryChartContent &content() const { return m_content; }
    QList<HistoryElement> elements() const { return m_elements; }
    QComboBox *elementSelector() const { return m_element; }
    QCustomPlot *plot() const { return m_plot; }
    QLabel *statusLabel() const { return m_status; }

    // Writes the chart (or its points, CSV) to `path`, the format from its suffix.
    bool exportChart(const QString &path, QString *error);
    // Test seam: the next Export uses this path and asks nothing.
    void setNextExportPath(const QString &path) { m_nextExportPath = path; }

signals:
    // A history arrived (or the read failed: see statusLabel()).
    void loaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void load(int elementIndex);
    void draw();
    void onExport();
    QString title() const;

    std::shared_ptr<StoreService> m_store;
    Condition m_condition;
    qint64 m_runId = 0;
    double m_confidence = 0.95;
    std::optional<HistoryElement> m_preferred;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_updating = false;
    bool m_loopback = false;
    QList<HistoryElement> m_elements;
    History m_history;
    charts::HistoryChartContent m_content;
    QString m_nextExportPath;

    QVBoxLayout *m_layout = nullptr;
    QLabel *m_heading = nullptr;
    QComboBox *m_element = nullptr;
    QProgressBar *m_busy = nullptr;
    QToolButton *m_export = nullptr;
    QCustomPlot *m_plot = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace wb::gui
