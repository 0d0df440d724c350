// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Results page: every stored run in a sortable, filterable table (by
// kind, status, inventory host, tag and free text), the selected run in full below it
// with its tags and note (editable), and the
// actions on runs: delete, re-run with the same parameters (a one-case plan
// handed to the run monitor) and export as CSV or JSON. All database work
// runs off the GUI thread.

#include "fileimport.h"
#include "page.h"
#include "run/plan.h"
#include "store/storedrun.h"

#include <QFutureWatcher>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;
class QTimer;

namespace wb {
class Settings;
class StoreService;
}

namespace wb::gui {

class RunAnnotationEditor;
class RunDetailView;
class RunListModel;

class ResultsPage : public Page
{
    Q_OBJECT
public:
    explicit ResultsPage(Settings &settings, QWidget *parent = nullptr);
    ~ResultsPage() override;
    QIcon icon() const override;

    // The database shown (null: none open); deletions go to its writer.
    void setStore(std::shared_ptr<StoreService> store);
    RunListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    RunDetailView *detail() const { return m_detail; }
    RunAnnotationEditor *annotations() const { return m_annotations; }

    // Applies the filter fields now (typing applies them after a short pause).
    void applyFilter();
    void reload();
    // Filters the table to the runs of one plan (the Runs page's "Show in
    // Results" after a plan run): every other filter field is cleared.
    void showPlan(const QString &planName);
    // Actions, also reachable from buttons and shortcuts.
    void deleteSelected();
    void rerunSelected();
    // Asks for the selected runs on the Compare page (compareRequested).
    void compareSelected();
    // Imports result files (netperf, iperf3, … logs; CSV or JSON exports) as
    // runs, as `wirebench-cli import` does; also by a chooser (Ctrl+I) and by
    // dropping files on the page. imported() reports.
    void importFiles(const QStringList &paths);
    // Writes the runs the filter selects; `json` or CSV (one row per run).
    void exportTo(const QString &path, bool json);

    // A one-case plan that repeats `run` with the same parameters, built from
    // the plan stored with it (run.record.extra["plan"]).
    static std::optional<Plan> rerunPlan(const StoredRun &run, QString *error);

signals:
    void rerunRequested(const wb::Plan &plan);
    void compareRequested(const QList<qint64> &runIds);
    void runsDeleted(int count);
    void exported(const QString &path);
    void imported(bool ok, const QString &message);

protected:
    void hideEvent(QHideEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void exportInteractive();
    void importInteractive();
    void updateCount();
    void saveLayout();
    QList<qint64> selectedIds() const;

    Settings &m_settings;
    std::shared_ptr<StoreService> m_store;
    RunListModel *m_model;
    QComboBox *m_kind;
    QComboBox *m_status;
    QLineEdit *m_host;
    QLineEdit *m_nic;
    QLineEdit *m_switch;
    QLineEdit *m_cable;
    QLineEdit *m_search;
    QLineEdit *m_tag;
    QLabel *m_count;
    QTableView *m_table;
    RunDetailView *m_detail;
    RunAnnotationEditor *m_annotations;
    QSplitter *m_splitter;
    QTimer *m_filterDelay;
    QFutureWatcher<QString> m_job; // delete/export: the error, empty when it worked
    QFutureWatcher<FileImportReport> m_import;
};

} // namespace wb::gui
