// SPDX-License-Identifier: GPL-3.0-or-later
#include "planrecorder.h"

#include "analysis/environmentfacts.h"

#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/runfilter.h"
#include "store/storeservice.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace wb {

PlanRecorder::PlanRecorder(StoreService &store, Plan plan, QString planRunId, QObject *parent)
    : QObject(parent), m_store(store), m_plan(std::move(plan)), m_planRunId(std::move(planRunId))
{
}

PlanRecorder::~PlanRecorder() = default;

QString PlanRecorder::newPlanRunId()
{
    return QString::number(QRandomGenerator::system()->generate() | 0x10000000u, 16);
}

QList<StoredRun> PlanRecorder::planRunRuns(bool finishedOnly, QString *error)
{
    RunFilter f;
    f.plan = m_plan.name;
    if (finishedOnly)
        f.status = RunStatus::Finished;
    // The recorder's own thread waits: it has nothing else to do meanwhile.
    QFuture<StoreResult<QList<StoredRun>>> listed =
        m_store.write([f](ResultStore &store) { return store.runs().listRuns(f); });
    listed.waitForFinished();
    const auto runs = listed.result();
    if (!runs) {
        if (error)
            *error = runs.error().message;
        return {};
    }
    const QString prefix = m_planRunId + u'-';
    QList<StoredRun> out;
    for (const StoredRun &r : *runs)
        if (r.measurementUuid.startsWith(prefix))
            out.append(r);
    return out;
}

QSet<QString> PlanRecorder::finishedCaseKeys(QString *error)
{
    QSet<QString> keys;
    const QString prefix = m_planRunId + u'-';
    for (const StoredRun &r : planRunRuns(true, error))
        keys.insert(r.measurementUuid.mid(prefix.size()));
    return keys;
}

int PlanRecorder::runCount(QString *error)
{
    return int(planRunRuns(false, error).size());
}

QString PlanRecorder::rescuePath() const
{
    const QString dir = m_rescueDirectory.isEmpty()
                            ? QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + u"/wirebench/unsaved"_s
                            : m_rescueDirectory;
    return dir + u"/plan-run-"_s + m_planRunId + u".sqlite"_s;
}

QString PlanRecorder::rescue(const Measurement &m, QList<StoredRun> runs)
{
    const QString path = rescuePath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return u"cannot create %1"_s.arg(QFileInfo(path).absolutePath());
    // Inventory ids belong to the other database.
    for (StoredRun &r : runs)
        r.clientHostId = r.serverHostId = r.clientNicId = r.serverNicId = 0;
    StoreService rescueStore(path);
    rescueStore.start();
    auto saved = rescueStore.write([m, runs](ResultStore &store) { return store.runs().saveMeasurementRuns(m, runs); });
    saved.waitForFinished();
    return saved.result().ok() ? QString() : saved.result().message();
}

bool PlanRecorder::record(const CaseResult &result)
{
    const TestCase &tc = result.testCase;
    auto endpointText = [](const Endpoint &e) { return e.nic.isEmpty() ? e.host : e.host + u'/' + e.nic; };

    StoredRun base;
    base.plan = m_plan.name;
    base.testCase = tc.name;
    base.clientEndpoint = endpointText(tc.client);
    base.serverEndpoint = endpointText(tc.server);
    base.clientEnvironment = result.clientEnvBefore;
    base.serverEnvironment = result.serverEnvBefore;
    base.startedAt = result.started;
    base.endedAt = result.finished;
    base.measurementUuid = m_planRunId + u'-' + tc.key;

    QJsonObject extra{{u"plan_run"_s, m_planRunId}, {u"case_key"_s, tc.key}, {u"plan"_s, m_plan.source}};
    // The data addresses the test used, and the link class they show
    // (loopback, virtual, physical with speed and duplex), kept with the run.
    auto addressOf = [this](const Endpoint &e) {
        if (!e.address.isEmpty())
            return e.address;
        const PlanHost *h = m_plan.host(e.host);
        return h ? h->address : QString();
    };
    extra.insert(u"client_address"_s, addressOf(tc.client));
    extra.insert(u"server_address"_s, addressOf(tc.server));
    {
        StoredRun probe = base;
        probe.record.extra = extra;
        const LinkInfo link = linkOfRun(probe);
        QJsonObject l{{u"class"_s, linkClassName(link.linkClass)}, {u"label"_s, link.label()}};
        if (link.speedBps > 0)
            l.insert(u"speed_bps"_s, link.speedBps);
        if (!link.duplex.isEmpty())
            l.insert(u"duplex"_s, link.duplex);
        if (!link.detail.isEmpty())
            l.insert(u"detail"_s, link.detail);
        extra.insert(u"link"_s, l);
    }
    if (!result.warnings.isEmpty())
        extra.insert(u"warnings"_s, QJsonArray::fromStringList(result.warnings));
    if (!result.clientEnvAfter.isEmpty())
        extra.insert(u"client_environment_after"_s, result.clientEnvAfter);
    if (!result.serverEnvAfter.isEmpty())
        extra.insert(u"server_environment_after"_s, result.serverEnvAfter);

    QList<StoredRun> runs;
    for (qsizetype i = 0; i < result.iterations.size(); ++i) {
        StoredRun r = base;
        r.repetition = int(i);
        r.record = result.iterations[i];
        for (auto it = extra.begin(); it != extra.end(); ++it)
            r.record.extra.insert(it.key(), it.value());
        // A case that failed after some repetitions keeps those as finished.
        r.status = RunStatus::Finished;
        runs.append(r);
    }
    // A search (RFC 2544) stores its trials and, beside them, its outcome.
    if (result.status == u"finished"_s && !result.iterations.isEmpty()
        && result.summary.kind != result.iterations.first().kind) {
        StoredRun r = base;
        r.repetition = int(result.iterations.size());
        r.record = result.summary;
        for (auto it = extra.begin(); it != extra.end(); ++it)
            r.record.extra.insert(it.key(), it.value());
        r.status = result.status == u"finished"_s ? RunStatus::Finished : RunStatus::Failed;
        r.error = result.error;
        runs.append(r);
    }
    if (result.status != u"finished"_s) {
        StoredRun r = base;
        r.repetition = int(result.iterations.size());
        r.status = result.status == u"cancelled"_s ? RunStatus::Cancelled : RunStatus::Failed;
        r.error = result.error;
        r.record.kind = tc.kind;
        r.record.params = tc.params;
        r.record.params.insert(u"duration_s"_s, tc.durationS);
        r.record.tool = u"wirebench-agent"_s;
        r.record.extra = extra;
        runs.append(r);
    }

    Measurement m;
    m.uuid = base.measurementUuid;
    m.kind = tc.kind;
    m.params = tc.params;
    m.label = tc.name;
    m.iterations = int(result.iterations.size());
    if (result.iterations.size() > 1) {
        m.ciLevelPct = tc.repetitions.confidenceLevelPct;
        m.ciWidthPct = 2 * result.achievedHalfWidthPct;
    }
    m.confidence = QJsonObject{{u"metric"_s, tc.repetitions.metric},
                               {u"reached"_s, result.confidenceReached},
                               {u"asked_width_pct"_s, tc.repetitions.intervalWidthPct}};

    // On the writer thread: the inventory objects the endpoints name (where
    // the inventory knows them), then the case in one transaction.
    QFuture<StoreResult<QList<qint64>>> stored =
        m_store.write([m, runs, client = tc.client, server = tc.server](ResultStore &store) {
            auto hostId = [&](const QString &name) -> qint64 {
                auto h = store.inventory().hostByName(name);
                return h ? h->id : 0;
            };
            auto nicId = [&](const Endpoint &e) -> qint64 {
                if (e.nic.isEmpty())
                    return 0;
                auto n = store.inventory().nicByKey(e.host + u'/' + e.nic);
                return n ? n->id : 0;
            };
            QList<StoredRun> linked = runs;
            for (StoredRun &r : linked) {
                r.clientHostId = hostId(client.host);
                r.serverHostId = hostId(server.host);
                r.clientNicId = nicId(client);
                r.serverNicId = nicId(server);
            }
            return store.runs().saveMeasurementRuns(m, linked);
        });
    stored.waitForFinished();
    const auto ids = stored.result();
    if (ids) {
        emit recorded(tc.key, int(ids->size()));
        return true;
    }
    const QString error = ids.message();
    QString message = u"could not store '%1': %2"_s.arg(tc.name, error);
    const QString rescueError = rescue(m, runs);
    if (rescueError.isEmpty() && ids.error().isFileProblem()) {
        // Copying back into a damaged or foreign file would fail the same way.
        message += u" — kept in %1; copy it into a sound results database with: wirebench-cli db copy --from %1 "
                   "--to NEW.sqlite"_s.arg(rescuePath());
    } else if (rescueError.isEmpty()) {
        message += u" — kept in %1; copy it over with: wirebench-cli db copy --from %1 --to %2"_s.arg(
            rescuePath(), m_store.displayLocation());
    } else {
        message += u" — and it could not be kept locally either: %1"_s.arg(rescueError);
    }
    emit recordFailed(tc.key, message);
    return false;
}

} // namespace wb
