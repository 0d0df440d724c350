// SPDX-License-Identifier: GPL-3.0-or-later
#include "planexecution.h"

#include "planrecorder.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QThread>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace wb {

PlanExecution::PlanExecution(Plan plan, LabAccess access, Options options, QObject *parent)
    : QObject(parent),
      m_plan(std::move(plan)),
      m_access(std::move(access)),
      m_options(std::move(options)),
      m_planRunId(m_options.resumeRunId.isEmpty() ? PlanRecorder::newPlanRunId() : m_options.resumeRunId)
{
    m_store = m_options.store;
    if (!m_store) {
        m_store = std::make_shared<StoreService>(m_options.databasePath);
        m_store->start();
    }
}

QString PlanExecution::databaseLocation() const
{
    return m_store->displayLocation();
}

PlanExecution::~PlanExecution()
{
    if (m_orchestrator) {
        m_orchestrator->disconnect(this);
        delete m_orchestrator;
    }
    stopRecorder();
}

QString PlanExecution::resolveHosts(const Inventory &inventory)
{
    QString error;
    auto resolved = PlanHosts::resolve(m_plan, inventory, &error);
    if (!resolved)
        return error;
    m_hosts = std::move(resolved);
    m_plan = m_hosts->plan();
    return QString();
}

QString PlanExecution::prepare()
{
    if (m_options.inventory) {
        if (const QString problem = resolveHosts(*m_options.inventory); !problem.isEmpty())
            return problem;
    } else {
        auto inventory = m_store->read([](ResultStore &store) { return store.inventory().load(); });
        inventory.waitForFinished();
        const StoreResult<Inventory> lab = inventory.result();
        if (!lab)
            return tr("cannot read the inventory from %1: %2").arg(databaseLocation(), lab.message());
        if (const QString problem = resolveHosts(*lab); !problem.isEmpty())
            return problem;
    }
    if (m_options.resumeRunId.isEmpty())
        return QString();
    auto loaded = m_store->read(
        [plan = m_plan, id = m_planRunId](ResultStore &store) { return PlanRunAccount::load(store, plan, id); });
    loaded.waitForFinished();
    return adopt(loaded.result());
}

void PlanExecution::prepareLater()
{
    if (m_options.inventory) {
        const QString problem = resolveHosts(*m_options.inventory);
        if (!problem.isEmpty() || m_options.resumeRunId.isEmpty()) {
            QTimer::singleShot(0, this, [this, problem] { emit prepared(problem); });
            return;
        }
        readResumeLater();
        return;
    }
    m_store->read([](ResultStore &store) { return store.inventory().load(); })
        .then(this, [this](const StoreResult<Inventory> &lab) {
            QString problem = lab ? resolveHosts(*lab)
                                  : tr("cannot read the inventory from %1: %2").arg(databaseLocation(), lab.message());
            if (problem.isEmpty() && !m_options.resumeRunId.isEmpty()) {
                readResumeLater();
                return;
            }
            // then() calls at once when the read is already done: answer
            // from the event loop all the same, never inside this call.
            QMetaObject::invokeMethod(
                this, [this, problem] { emit prepared(problem); }, Qt::QueuedConnection);
        });
}

void PlanExecution::readResumeLater()
{
    m_store->read([plan = m_plan, id = m_planRunId](ResultStore &store) { return PlanRunAccount::load(store, plan, id); })
        .then(this, [this](const StoreResult<PlanRunAccount> &loaded) {
            QMetaObject::invokeMethod(
                this, [this, loaded] { emit prepared(adopt(loaded)); }, Qt::QueuedConnection);
        });
}

QString PlanExecution::adopt(const StoreResult<PlanRunAccount> &loaded)
{
    if (!loaded || loaded->storedRuns() == 0)
        return tr("no runs of plan '%1' with id %2 in %3%4")
            .arg(m_plan.name, m_planRunId, databaseLocation(),
                 loaded ? QString() : u" ("_s + loaded.message() + u')');
    // The CLI names the plan file again, the Runs page takes the plan kept
    // with the runs: either way it must be the plan the runs were made with,
    // or the cases would not match their stored repetitions.
    if (const QString changed = loaded->mismatch(m_plan); !changed.isEmpty())
        return tr("%1. Run it as a new plan run (without resuming), or resume with the plan it was made with.")
            .arg(changed);
    m_resume = *loaded;
    return QString();
}

bool PlanExecution::isRunning() const
{
    return m_orchestrator && m_orchestrator->isRunning();
}

void PlanExecution::start()
{
    if (!m_hosts) {
        // Not prepared: the plan's own hosts (or the given inventory) only.
        if (const QString problem = resolveHosts(m_options.inventory.value_or(Inventory())); !problem.isEmpty()) {
            emit logged(u"error"_s, QString(), problem);
            const int cases = int(m_plan.cases.size());
            QTimer::singleShot(0, this, [this, cases] {
                m_planDone = true;
                emit planFinished(0, cases, 0);
                handleStored();
            });
            return;
        }
    }
    m_recorderThread = new QThread(this);
    m_recorderThread->setObjectName(u"planRecorder"_s);
    m_recorder = new PlanRecorder(*m_store, m_plan, m_planRunId);
    m_recorder->setResumeAccount(m_resume);
    m_recorder->moveToThread(m_recorderThread);
    // Its database connection belongs to that thread: delete it there.
    connect(m_recorderThread, &QThread::finished, m_recorder, &QObject::deleteLater);
    connect(m_recorder, &PlanRecorder::recorded, this, [this](const QString &key, int runs) {
        ++m_stored;
        emit caseStored(key, runs);
        handleStored();
    });
    // A scheduled case that failed: the notice it left goes to the log too.
    connect(m_recorder, &PlanRecorder::noticed, this,
            [this](const QString &, const QString &text) { emit logged(u"warning"_s, QString(), text); });
    connect(m_recorder, &PlanRecorder::recordFailed, this, [this](const QString &key, const QString &message) {
        ++m_stored;
        ++m_storeFailures;
        emit storeFailed(key, message);
        handleStored();
    });
    m_recorderThread->start();

    auto factory = m_options.transportFactory
        ? m_options.transportFactory
        : Orchestrator::labFactory(m_access.ssh, m_access.hostKeys, m_access.credentials, m_access.secrets);
    m_orchestrator = new Orchestrator(m_plan, factory, this);
    m_orchestrator->setSkippedKeys(m_resume.completeKeys());
    m_orchestrator->setKeptIterations(m_resume.keptIterations());
    if (m_options.maxParallel > 0)
        m_orchestrator->setMaxParallel(m_options.maxParallel);
    if (m_options.maxConnecting > 0)
        m_orchestrator->setMaxConnecting(m_options.maxConnecting);
    connect(m_orchestrator, &Orchestrator::planStarted, this, &PlanExecution::planStarted);
    connect(m_orchestrator, &Orchestrator::caseStarted, this, &PlanExecution::caseStarted);
    connect(m_orchestrator, &Orchestrator::sampleReceived, this, &PlanExecution::sampleReceived);
    connect(m_orchestrator, &Orchestrator::caseFinished, this, &PlanExecution::handleCaseFinished);
    connect(m_orchestrator, &Orchestrator::progressChanged, this,
            [this, before = m_resume.completeCases()](int done, int total, double secondsLeft) {
                emit progressChanged(done + before, total + before, secondsLeft);
            });
    connect(m_orchestrator, &Orchestrator::logged, this, &PlanExecution::logged);
    connect(m_orchestrator, &Orchestrator::planFinished, this, [this](int finished, int failed, int cancelled) {
        m_planDone = true;
        if (m_orchestrator)
            m_orchestrator->deleteLater();
        emit planFinished(finished, failed, cancelled);
        handleStored(); // nothing may have finished at all
    });
    m_orchestrator->start();
    for (const TestCase &c : std::as_const(m_plan.cases)) {
        const CaseAccount *a = m_resume.find(c.key);
        if (a && a->searchRestarted())
            emit logged(u"info"_s, QString(),
                        tr("%1: the zero-loss search was cut after %2 stored runs; it runs again from the start "
                           "and replaces them")
                            .arg(c.name)
                            .arg(a->storedRuns));
    }
}

void PlanExecution::cancel()
{
    if (isRunning())
        m_orchestrator->cancel();
}

void PlanExecution::handleCaseFinished(const CaseResult &result)
{
    ++m_finished;
    if (PlanRecorder *recorder = m_recorder)
        QMetaObject::invokeMethod(recorder, [recorder, result] { recorder->record(result); }, Qt::QueuedConnection);
    emit caseFinished(result);
}

void PlanExecution::handleStored()
{
    if (!isStored() || m_announcedStored)
        return;
    m_announcedStored = true;
    stopRecorder();
    emit allStored(m_stored);
}

void PlanExecution::stopRecorder()
{
    if (!m_recorderThread)
        return;
    m_recorderThread->quit();
    m_recorderThread->wait(); // the recorder has nothing queued left (or we are closing)
    m_recorder = nullptr;     // deleted as its thread finished
    delete m_recorderThread;
    m_recorderThread = nullptr;
}

} // namespace wb
