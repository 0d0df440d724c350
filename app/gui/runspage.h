// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The run monitor ("Runs" page): runs one plan at a time on the lab and
// shows it live: overall and per-test progress with time left, a plot of the
// interval samples, a log with time, severity and host, and cancel. Samples
// are appended as they arrive and a ~40 ms coalescing timer replots, so a
// fast agent never floods the event loop. Every finished case is stored by a
// PlanRecorder on its own thread (the GUI thread never touches SQL);
// planStored() says when the last result is in the database. Plan runs that
// were cut short (cancelled, a lost host, the program closed) are listed
// above the progress, and Resume runs exactly what each one misses, with
// the plan kept with its runs, through the same PlanExecution as
// `wirebench-cli run --resume`.

#include "page.h"
#include "run/planexecution.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>

#include <memory>

class QCPGraph;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace wb {
class CredentialProvider;
class HostKeyPolicy;
class KeychainSecretStore;
class StoreService;
class Settings;
} // namespace wb

namespace wb::gui {

class DialogPrompter;

class RunsPage : public Page
{
    Q_OBJECT
public:
    explicit RunsPage(Settings &settings, QWidget *parent = nullptr);
    ~RunsPage() override;
    QIcon icon() const override;

    // The database plans are stored in; null when none is open. A running
    // plan keeps the one it started with.
    void setStore(std::shared_ptr<StoreService> store);
    // How the plan's hosts are reached: local agents and SSH by default.
    void setTransportFactory(Orchestrator::TransportFactory factory) { m_factory = std::move(factory); }
    // Answer the SSH layer's host-key and passphrase questions with dialogs
    // over this page (for the SSH transport factory).
    HostKeyPolicy *hostKeyPolicy() const;
    CredentialProvider *credentialProvider() const;

    // Starts `plan`; false (and says why) when a plan is running already or
    // no database is open. With a shared (PostgreSQL) database it first
    // checks, off the GUI thread, that the database answers, and refuses the
    // plan (planRefused) before any test runs when it does not.
    bool runPlan(const wb::Plan &plan);
    // Loads a plan file (docs/plan-format.md) and runs it.
    bool runPlanFile(const QString &path);
    // Resumes an interrupted plan run of unfinishedView(): the cases it has
    // not finished run, a case cut between repetitions only its missing
    // ones. False (and says why) when it cannot start; a plan run that no
    // longer matches its plan is refused (planRefused) once the database
    // has answered.
    bool resumePlanRun(const QString &planRunId);
    // Reads the interrupted plan runs again, off the GUI thread (the newest
    // request wins); unfinishedLoaded() follows.
    void reloadUnfinished();
    // Reads the scheduled plans (systemd user timers) and, from this
    // database, each one's newest plan run; the box hides when there are none.
    void reloadSchedules();
    void cancel();
    bool isRunning() const { return m_execution && !m_execution->isStored(); }

    // For tests and screenshots.
    QProgressBar *overallProgress() const { return m_overall; }
    QTreeWidget *casesView() const { return m_cases; }
    QTreeWidget *logView() const { return m_log; }
    QTreeWidget *unfinishedView() const { return m_unfinished; }
    QTreeWidget *schedulesView() const { return m_schedules; }
    QCustomPlot *plot() const { return m_plot; }
    int plottedPoints() const;
    // The stored runs of the last plan run (after planStored), for Compare.
    QList<qint64> storedRunIds() const { return m_storedRunIds; }

signals:
    // The plan did not start: its results could not be stored, or the plan
    // run to resume does not match its plan.
    void planRefused(const QString &message);
    // The list of interrupted plan runs was read again: `count` of them.
    void unfinishedLoaded(int count);
    // Every case of the plan run is in the database (or failed to store).
    void planStored(const QString &planRunId, int cases);
    // ... and when that plan was an A/B experiment: its runs are ready to be
    // compared by arm (`kind`: its first test's).
    void experimentStored(const QString &planRunId, const QString &kind);
    // A finished plan run's way on: its runs on the Results page (by the
    // plan's name) and on the Compare page (by their ids).
    void resultsRequested(const QString &planName);
    void compareRequested(const QList<qint64> &runIds);

protected:
    void changeEvent(QEvent *event) override;

private:
    // A stop square in the button text colour (the style's is black).
    QIcon stopIcon() const;
    void startPlan(const wb::Plan &plan, const QString &resumeRunId = QString());
    // Once a resume is prepared (at once for a new plan run): the view, then the tests.
    void launch();
    void resumeSelected();
    void updateResumeButton();
    void buildSchedulesBox();
    struct CaseView
    {
        TestCase testCase;
        QTreeWidgetItem *item = nullptr;
        QProgressBar *bar = nullptr;
        QElapsedTimer clock;
        double expectedS = 1;
        bool running = false;
        QCPGraph *graph = nullptr;
        QString side; // the side whose samples the graph shows
    };

    void openPlanFile();
    void handleCaseStarted(const wb::TestCase &testCase, int iteration);
    void handleSample(const QString &caseKey, const wb::Sample &sample);
    void handleCaseFinished(const wb::CaseResult &result);
    void handleProgress(int done, int total, double secondsLeft);
    void handlePlanFinished(int finished, int failed, int cancelled);
    void handleStored(int stored);
    // Reads the ids of the plan run's stored runs; enables Results and Compare.
    void loadStoredRunIds();
    void addLog(const QString &severity, const QString &host, const QString &text);
    void tick();
    void saveLayout();

    Settings &m_settings;
    std::shared_ptr<StoreService> m_store;
    QString m_databasePath; // as shown
    bool m_checkingDatabase = false;
    Orchestrator::TransportFactory m_factory; // empty: the lab itself, through m_access
    LabAccess m_access;
    std::unique_ptr<DialogPrompter> m_prompter;
    std::unique_ptr<KeychainSecretStore> m_keychain; // passwords the user chose to remember
    std::unique_ptr<PlanExecution> m_execution;
    bool m_planDone = false;
    QList<PlanRunAccount> m_unfinishedRuns; // as listed in m_unfinished
    int m_unfinishedRequest = 0;
    int m_schedulesRequest = 0;

    QHash<QString, CaseView> m_caseViews;
    QList<std::pair<QString, Sample>> m_pendingSamples;
    int m_plottedPoints = 0;
    QString m_plotKind;
    int m_graphColour = 0;

    QWidget *m_unfinishedBox;
    QWidget *m_schedulesBox = nullptr;
    QTreeWidget *m_schedules = nullptr;
    QTreeWidget *m_unfinished;
    QPushButton *m_resumeButton;
    QLabel *m_planLabel;
    QPushButton *m_openButton;
    QPushButton *m_cancelButton;
    QPushButton *m_resultsButton;
    QPushButton *m_compareButton;
    QList<qint64> m_storedRunIds;
    QProgressBar *m_overall;
    QLabel *m_timeLeft;
    QTreeWidget *m_cases;
    QCustomPlot *m_plot;
    QTreeWidget *m_log;
    QSplitter *m_splitter;
    QTimer *m_replot;
};

} // namespace wb::gui
