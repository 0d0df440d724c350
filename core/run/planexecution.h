// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Running a plan, the use case both front ends call: the orchestrator over
// the lab, and a recorder on a thread of its own that stores each case as
// it finishes (so a slow database never stalls the tests, and nothing that
// finished is lost when the plan is cut short). A resumed plan run runs
// exactly what it misses: a case is done only when all its repetitions (or
// its whole zero-loss search) finished, and a case cut between repetitions
// runs only the missing ones (PlanRunAccount). The desktop's Runs page and
// `wirebench-cli run` only show what it reports.

#include "caseresult.h"
#include "hostprobe.h"
#include "orchestrator.h"
#include "plan.h"
#include "planhosts.h"
#include "planrunaccount.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <optional>

class QThread;

namespace wb {

class PlanRecorder;
class StoreService;

class PlanExecution : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        // Where results go: the open database's one store service, or a
        // location for which the execution makes its own.
        std::shared_ptr<StoreService> store;
        QString databasePath;
        QString resumeRunId;   // empty: a new plan run
        int maxParallel = 0;   // 0: the orchestrator's default
        int maxConnecting = 0; // hosts connecting at once; 0: the orchestrator's default
        // Tests replace how hosts are reached; empty: the lab's own
        // (local agents and SSH through LabAccess).
        Orchestrator::TransportFactory transportFactory;
        // The inventory the plan's hosts resolve against (PlanHosts); unset:
        // the store's, read by prepare().
        std::optional<Inventory> inventory;
    };

    PlanExecution(Plan plan, LabAccess access, Options options, QObject *parent = nullptr);
    // Waits for the recorder to store what it was handed.
    ~PlanExecution() override;

    // Resolves the plan's hosts against the inventory (PlanHosts: the plan
    // names inventory hosts, its own "hosts" entries win where both name
    // one); for a resumed run, reads what it already holds and checks that
    // the plan is still the one it was made with. Empty on success, else
    // what is wrong (a host in neither plan nor inventory, an unknown run
    // id, a changed plan, an unreadable database). Waits for the store:
    // never on the GUI thread (see prepareLater()). start() without it
    // resolves against Options::inventory (or none: plan hosts only).
    QString prepare();
    // The same without waiting: prepared() follows from this object's
    // thread's event loop (never inside this call).
    void prepareLater();
    void start();
    void cancel();
    bool isRunning() const;
    bool isStored() const { return m_planDone && m_stored >= m_finished; }

    // After prepare (or start): the plan with every host it runs on.
    const Plan &plan() const { return m_plan; }
    // After prepare (or start): where each host's settings came from, and
    // the notes on plan entries that override the inventory; null before.
    const PlanHosts *hostResolution() const { return m_hosts ? &*m_hosts : nullptr; }
    QString planRunId() const { return m_planRunId; }
    // Where the results go, as it may be shown (no password).
    QString databaseLocation() const;
    // Resuming: what the plan run held when it was prepared.
    const PlanRunAccount &resumed() const { return m_resume; }
    int alreadyFinished() const { return m_resume.completeCases(); }
    int storeFailures() const { return m_storeFailures; }

signals:
    // After prepareLater(): empty when the plan may start, else why not.
    void prepared(const QString &problem);
    // `cases` that run now (a resume leaves out the finished ones).
    void planStarted(int cases);
    void caseStarted(const wb::TestCase &testCase, int iteration);
    void sampleReceived(const QString &caseKey, const wb::Sample &sample);
    void caseFinished(const wb::CaseResult &result);
    // `runs` new rows (a resumed case keeps the rows of its kept repetitions).
    void caseStored(const QString &caseKey, int runs);
    // The database refused a case; the message names where it was kept.
    void storeFailed(const QString &caseKey, const QString &message);
    // Counts cases, those a resumed plan run finished before included.
    void progressChanged(int done, int total, double secondsLeft);
    void logged(const QString &severity, const QString &host, const QString &text);
    void planFinished(int finished, int failed, int cancelled);
    // After planFinished: every finished case is stored (or was refused).
    void allStored(int stored);

private:
    QString adopt(const StoreResult<PlanRunAccount> &loaded);
    QString resolveHosts(const Inventory &inventory);
    void readResumeLater();
    void handleCaseFinished(const CaseResult &result);
    void handleStored();
    void stopRecorder();

    Plan m_plan;
    std::optional<PlanHosts> m_hosts;
    LabAccess m_access;
    Options m_options;
    std::shared_ptr<StoreService> m_store;
    QString m_planRunId;
    PlanRunAccount m_resume;
    QPointer<Orchestrator> m_orchestrator;
    PlanRecorder *m_recorder = nullptr;
    QThread *m_recorderThread = nullptr;
    int m_finished = 0;
    int m_stored = 0;
    int m_storeFailures = 0;
    bool m_planDone = false;
    bool m_announcedStored = false;
};

} // namespace wb
