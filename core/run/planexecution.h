// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Running a plan, the use case both front ends call: the orchestrator over
// the lab, and a recorder on a thread of its own that stores each case as
// it finishes (so a slow database never stalls the tests, and nothing that
// finished is lost when the plan is cut short). The desktop's Runs page and
// `wirebench-cli run` only show what it reports.

#include "caseresult.h"
#include "hostprobe.h"
#include "orchestrator.h"
#include "plan.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <memory>

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
        // Tests replace how hosts are reached; empty: the lab's own
        // (local agents and SSH through LabAccess).
        Orchestrator::TransportFactory transportFactory;
    };

    PlanExecution(Plan plan, LabAccess access, Options options, QObject *parent = nullptr);
    // Waits for the recorder to store what it was handed.
    ~PlanExecution() override;

    // Reads what a resumed run already finished. Empty on success, else
    // what is wrong (an unknown run id, an unreadable database).
    QString prepare();
    void start();
    void cancel();
    bool isRunning() const;
    bool isStored() const { return m_planDone && m_stored >= m_finished; }

    const Plan &plan() const { return m_plan; }
    QString planRunId() const { return m_planRunId; }
    // Where the results go, as it may be shown (no password).
    QString databaseLocation() const;
    int alreadyFinished() const { return int(m_skipped.size()); }
    int storeFailures() const { return m_storeFailures; }

signals:
    void planStarted(int cases);
    void caseStarted(const wb::TestCase &testCase, int iteration);
    void sampleReceived(const QString &caseKey, const wb::Sample &sample);
    void caseFinished(const wb::CaseResult &result);
    void caseStored(const QString &caseKey, int runs);
    // The database refused a case; the message names where it was kept.
    void storeFailed(const QString &caseKey, const QString &message);
    void progressChanged(int done, int total, double secondsLeft);
    void logged(const QString &severity, const QString &host, const QString &text);
    void planFinished(int finished, int failed, int cancelled);
    // After planFinished: every finished case is stored (or was refused).
    void allStored(int stored);

private:
    void handleCaseFinished(const CaseResult &result);
    void handleStored();
    void stopRecorder();

    Plan m_plan;
    LabAccess m_access;
    Options m_options;
    std::shared_ptr<StoreService> m_store;
    QString m_planRunId;
    QSet<QString> m_skipped;
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
