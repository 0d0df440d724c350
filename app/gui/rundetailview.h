// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One stored run in full, below the Results table: its parameters, every
// metric in its display unit, both ends' environment side by side (client |
// server, a field per row), the interval samples as a plot, the plan that
// made it, for a soak run its drops over time (the chart
// `wirebench-cli drops` draws), and for an rrul run flent's three-panel
// latency-under-load chart with its export.
// The run (with its samples) is read off the GUI thread; the newest request
// wins when the user moves through the table quickly.

#include "store/storedrun.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QPushButton;
class QPlainTextEdit;
class QTableWidget;
class QTabWidget;

namespace wb {
class StoreService;
}

namespace wb::gui {

struct RunLoad
{
    qint64 id = 0;
    std::optional<StoredRun> run;
    QString error;
};

class RunDetailView : public QWidget
{
    Q_OBJECT
public:
    explicit RunDetailView(QWidget *parent = nullptr);
    ~RunDetailView() override;

    // Where runs are read from (null: no database open).
    void setStore(std::shared_ptr<StoreService> store) { m_store = std::move(store); }
    // Loads and shows run `id` (0 clears the view).
    void showRun(qint64 id);
    // The run shown, once loaded.
    const std::optional<StoredRun> &run() const { return m_run; }

    QTableWidget *metricsTable() const { return m_metrics; }
    // Field | client | server; fields only one end knows show "—" for the other.
    QTableWidget *environmentTable() const { return m_environment; }
    QCustomPlot *samplesPlot() const { return m_plot; }
    // Stream | direction | side | role | bytes | throughput; its tab shows
    // only for a run with several streams or another direction.
    QTableWidget *streamsTable() const { return m_streams; }
    bool streamsTabShown() const;
    // The drops-over-time chart; null when the run has no loss samples.
    QCustomPlot *dropsPlot() const { return m_drops; }
    // The latency-under-load chart; null unless the run is an rrul run.
    QCustomPlot *rrulPlot() const { return m_rrulPlot; }
    // Writes that chart to `path` (PNG, PDF, SVG or CSV by its suffix); the
    // tab's Export button asks for the path and calls this.
    bool exportRrulChart(const QString &path, QString *error) const;

signals:
    void runShown(qint64 id);
    void loadFailed(const QString &message);
    void chartExported(const QString &path);
    void chartExportFailed(const QString &message);

private:
    void handleLoaded();
    void fill(const StoredRun &run);
    void clear();
    void showDrops(const StoredRun *run);
    void showRrul(const StoredRun *run);
    void onExportRrul();

    std::shared_ptr<StoreService> m_store;
    qint64 m_wanted = 0;
    std::optional<StoredRun> m_run;
    QFutureWatcher<RunLoad> m_watcher;
    QLabel *m_summary;
    QTabWidget *m_tabs;
    QTableWidget *m_metrics;
    QTableWidget *m_environment;
    QTableWidget *m_streams;
    QCustomPlot *m_drops = nullptr; // rebuilt per run: the chart code wants a fresh plot
    QWidget *m_rrul = nullptr;      // the rrul tab: its chart and export button, rebuilt per run
    QCustomPlot *m_rrulPlot = nullptr;
    QCustomPlot *m_plot;
    QPlainTextEdit *m_plan;
};

} // namespace wb::gui
