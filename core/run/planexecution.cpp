// SPDX-License-Identifier: GPL-3.0-or-later
#include "planexecution.h"

#include "planrecorder.h"
#include "store/storeservice.h"

#include <QThread>

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

QString PlanExecution::prepare()
{
    if (m_options.resumeRunId.isEmpty())
        return QString();
    // Before the recorder moves to its thread, on the caller's (it waits
    // for the store's answer: never call this on the GUI thread).
    PlanRecorder probe(*m_store, m_plan, m_planRunId);
    QString error;
    if (probe.runCount(&error) == 0)
        return tr("no runs of plan '%1' with id %2 in %3%4")
            .arg(m_plan.name, m_planRunId, databaseLocation(),
                 error.isEmpty() ? QString() : u" ("_s + error + u')');
    m_skipped = probe.finishedCaseKeys(&error);
    return error;
}

bool PlanExecution::isRunning() const
{
    return m_orchestrator && m_orchestrator->isRunning();
}

void PlanExecution::start()
{
    m_recorderThread = new QThread(this);
    m_recorderThread->setObjectName(u"planRecorder"_s);
    m_recorder = new PlanRecorder(*m_store, m_plan, m_planRunId);
    m_recorder->moveToThread(m_recorderThread);
    // Its database connection belongs to that thread: delete it there.
    connect(m_recorderThread, &QThread::finished, m_recorder, &QObject::deleteLater);
    connect(m_recorder, &PlanRecorder::recorded, this, [this](const QString &key, int runs) {
        ++m_stored;
        emit caseStored(key, runs);
        handleStored();
    });
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
    m_orchestrator->setSkippedKeys(m_skipped);
    if (m_options.maxParallel > 0)
        m_orchestrator->setMaxParallel(m_options.maxParallel);
    connect(m_orchestrator, &Orchestrator::planStarted, this, &PlanExecution::planStarted);
    connect(m_orchestrator, &Orchestrator::caseStarted, this, &PlanExecution::caseStarted);
    connect(m_orchestrator, &Orchestrator::sampleReceived, this, &PlanExecution::sampleReceived);
    connect(m_orchestrator, &Orchestrator::caseFinished, this, &PlanExecution::handleCaseFinished);
    connect(m_orchestrator, &Orchestrator::progressChanged, this, &PlanExecution::progressChanged);
    connect(m_orchestrator, &Orchestrator::logged, this, &PlanExecution::logged);
    connect(m_orchestrator, &Orchestrator::planFinished, this, [this](int finished, int failed, int cancelled) {
        m_planDone = true;
        if (m_orchestrator)
            m_orchestrator->deleteLater();
        emit planFinished(finished, failed, cancelled);
        handleStored(); // nothing may have finished at all
    });
    m_orchestrator->start();
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
