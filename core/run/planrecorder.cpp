// SPDX-License-Identifier: GPL-3.0-or-later
#include "planrecorder.h"

#include "analysis/environmentfacts.h"
#include "inventory/pathresolver.h"

#include "store/inventorystore.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// The inventory host an end of a test is: its name when the inventory has
// a host of that name (or one differing only in case), else the one host
// whose address is the plan host's data or SSH address or the end's own.
QString inventoryHostOf(const Inventory &inv, const QString &name, const QStringList &addresses)
{
    for (const Host &h : inv.hosts)
        if (h.name == name)
            return name;
    for (const Host &h : inv.hosts)
        if (h.name.compare(name, Qt::CaseInsensitive) == 0)
            return h.name;
    QString found;
    for (const Host &h : inv.hosts) {
        if (h.address.isEmpty() || !addresses.contains(h.address))
            continue;
        if (!found.isEmpty())
            return name; // two hosts share the address: neither
        found = h.name;
    }
    return found.isEmpty() ? name : found;
}

// The link class kept with a run. What the agents saw wins: a run over lo
// is loopback and one over a veth virtual whatever the inventory says. The
// inventory path fills in a class the environment does not show (a
// physical link at the slowest NIC's rated speed) and half duplex across a
// hub. `source` says which of the two each run's class came from.
QJsonObject linkJson(const LinkInfo &env, const ResolvedPath &path)
{
    LinkInfo link = env;
    QString source = u"environment"_s;
    if (env.linkClass == LinkInfo::Class::Unknown && path.hasHops()) {
        link.linkClass = LinkInfo::Class::Physical;
        link.speedBps = double(path.ratedSpeedBps());
        link.duplex = path.crossesHub() ? u"half"_s : QString();
        const QStringList switches = path.switches();
        link.detail = switches.isEmpty() ? u"crossover cable"_s : switches.join(u" + "_s);
        source = u"inventory"_s;
    } else if (env.linkClass == LinkInfo::Class::Physical && path.hasHops()) {
        bool filled = false;
        if (link.speedBps <= 0 && path.ratedSpeedBps() > 0) {
            link.speedBps = double(path.ratedSpeedBps());
            filled = true;
        }
        if (link.duplex.isEmpty() && path.crossesHub()) {
            link.duplex = u"half"_s;
            filled = true;
        }
        if (filled)
            source = u"environment+inventory"_s;
    } else if (env.linkClass == LinkInfo::Class::Unknown) {
        source = u"none"_s;
    }
    QJsonObject l{{u"class"_s, linkClassName(link.linkClass)}, {u"label"_s, link.label()}, {u"source"_s, source}};
    if (link.speedBps > 0)
        l.insert(u"speed_bps"_s, link.speedBps);
    if (!link.duplex.isEmpty())
        l.insert(u"duplex"_s, link.duplex);
    if (!link.detail.isEmpty())
        l.insert(u"detail"_s, link.detail);
    return l;
}

} // namespace

PlanRecorder::PlanRecorder(StoreService &store, Plan plan, QString planRunId, QObject *parent)
    : QObject(parent), m_store(store), m_plan(std::move(plan)), m_planRunId(std::move(planRunId))
{
}

PlanRecorder::~PlanRecorder() = default;

QString PlanRecorder::newPlanRunId()
{
    return QString::number(QRandomGenerator::system()->generate() | 0x10000000u, 16);
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

QString PlanRecorder::failureNoticeText(const CaseResult &result) const
{
    if (m_plan.schedule.isEmpty() || result.status != u"failed"_s)
        return {};
    return u"scheduled run '%1' (plan '%2', run id %3): test case '%4' failed: %5"_s.arg(
        m_plan.schedule, m_plan.name, m_planRunId, result.testCase.name,
        result.error.isEmpty() ? u"no reason given"_s : result.error);
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
    // Which arm of an A/B experiment, and what the arms vary.
    if (!tc.experiment.isEmpty())
        extra.insert(u"experiment"_s, tc.experiment);
    if (!m_plan.schedule.isEmpty())
        extra.insert(u"schedule"_s, m_plan.schedule);
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
    // The link class as the environment shows it; the inventory path adds
    // to it on the writer thread (linkJson).
    LinkInfo envLink;
    {
        StoredRun probe = base;
        probe.record.extra = extra;
        envLink = linkOfRun(probe);
    }
    // What a rescued run keeps when the database refuses the case.
    extra.insert(u"link"_s, linkJson(envLink, ResolvedPath{}));
    // Where each end may be found in the inventory when its plan host has
    // another name there: by the addresses the plan gives it.
    auto addressesOf = [this](const Endpoint &e) {
        QStringList out;
        if (!e.address.isEmpty())
            out.append(e.address);
        if (const PlanHost *h = m_plan.host(e.host)) {
            if (!h->address.isEmpty())
                out.append(h->address);
            if (!h->sshAddress.isEmpty())
                out.append(h->sshAddress);
        }
        return out;
    };
    if (!result.warnings.isEmpty())
        extra.insert(u"warnings"_s, QJsonArray::fromStringList(result.warnings));
    if (!result.clientEnvAfter.isEmpty())
        extra.insert(u"client_environment_after"_s, result.clientEnvAfter);
    if (!result.serverEnvAfter.isEmpty())
        extra.insert(u"server_environment_after"_s, result.serverEnvAfter);

    // A resumed case: the repetitions kept from before are stored already.
    const CaseAccount *resumed = m_resume.find(tc.key);
    const qsizetype kept = resumed ? std::min<qsizetype>(result.keptIterations, resumed->kept.size()) : 0;
    QList<StoredRun> runs;
    for (qsizetype i = kept; i < result.iterations.size(); ++i) {
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

    QList<qint64> keptIds, replacedIds;
    if (resumed) {
        for (qsizetype i = 0; i < kept; ++i)
            keptIds.append(resumed->kept[i].id);
        // Kept repetitions the case did not take up (none, as the
        // orchestrator hands them all over) go with the cut record.
        for (qsizetype i = kept; i < resumed->kept.size(); ++i)
            replacedIds.append(resumed->kept[i].id);
        replacedIds += resumed->replaced;
    }

    // On the writer thread: the path between the NICs the endpoints name
    // over the inventory as it is now (the store snapshots what is on it),
    // its status and warnings and the link class, then the case in one
    // transaction.
    QFuture<StoreResult<QList<qint64>>> stored =
        m_store.write([m, runs, keptIds, replacedIds, resuming = resumed != nullptr, client = tc.client,
                       server = tc.server, clientAddresses = addressesOf(tc.client),
                       serverAddresses = addressesOf(tc.server), envLink](ResultStore &store) {
            auto lab = store.inventory().load();
            if (!lab)
                return StoreResult<QList<qint64>>(lab.error());
            const QString clientHost = inventoryHostOf(*lab, client.host, clientAddresses);
            const QString serverHost = inventoryHostOf(*lab, server.host, serverAddresses);
            ResolvedPath path = PathResolver(*lab).resolve(clientHost, client.nic, serverHost, server.nic);
            if (path.hasHops() && envLink.linkClass != LinkInfo::Class::Unknown
                && envLink.linkClass != LinkInfo::Class::Physical)
                path.notes.append(u"the test ran over a %1 link (%2), not over this path"_s.arg(
                    linkClassName(envLink.linkClass), envLink.detail));
            auto hostId = [&](const QString &name) -> qint64 {
                auto h = store.inventory().hostByName(name);
                return h ? h->id : 0;
            };
            auto nicId = [&](const QString &key) -> qint64 {
                if (key.isEmpty())
                    return 0;
                auto n = store.inventory().nicByKey(key);
                return n ? n->id : 0;
            };
            const qint64 clientNicId = nicId(path.clientNic);
            const qint64 serverNicId = nicId(path.serverNic);
            const QJsonObject pathJson = path.toJson();
            const QJsonObject link = linkJson(envLink, path);
            QList<StoredRun> linked = runs;
            for (StoredRun &r : linked) {
                // The NIC's host when a NIC was found, so a case-insensitive name still matches.
                r.clientHostId = hostId(clientHost);
                r.serverHostId = hostId(serverHost);
                r.clientNicId = clientNicId;
                r.serverNicId = serverNicId;
                r.record.extra.insert(u"path"_s, pathJson);
                r.record.extra.insert(u"link"_s, link);
            }
            return resuming ? store.runs().completeMeasurementRuns(m, keptIds, replacedIds, linked)
                            : store.runs().saveMeasurementRuns(m, linked);
        });
    stored.waitForFinished();
    const auto ids = stored.result();
    if (ids) {
        // The failed run is the last of the case; its notice goes with it.
        if (const QString notice = failureNoticeText(result); !notice.isEmpty() && !ids->isEmpty()) {
            auto noted = m_store.write([runId = ids->last(), notice](ResultStore &store) {
                return store.notices().addNotice(runId, RunNoticeKind::FailedTest, notice);
            });
            noted.waitForFinished();
            emit noticed(tc.key, noted.result() ? notice
                                                : notice + u" (the notice could not be stored: %1)"_s.arg(
                                                      noted.result().message()));
        }
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
