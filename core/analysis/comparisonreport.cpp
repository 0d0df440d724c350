// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonreport.h"

#include "ethernetceiling.h"
#include "latencyfloor.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString listHtml(const QStringList &items)
{
    if (items.isEmpty())
        return u"<p>none</p>"_s;
    QString html = u"<ul>"_s;
    for (const QString &i : items)
        html += u"<li>%1</li>"_s.arg(esc(i));
    return html + u"</ul>"_s;
}

const QString kConditions = u"Conditions in the selection"_s;
const QString kTable = u"Each cell against the reference"_s;
const QString kNotes = u"Notes"_s;
const QString kEnvironment = u"Environment against the reference"_s;
const QString kInventory = u"Inventory of what was compared"_s;
const QString kRuns = u"Runs compared, with the environment of each end"_s;
const QString kLatency = u"Latency against the physical floor"_s;
const QString kBaselines = u"Historical baselines, with hardware and citation"_s;

QString otherConditionTitle(const ComparisonView &view, int i)
{
    return u"Condition %1 of %2: %3"_s.arg(i + 1).arg(view.conditions.size()).arg(view.conditions[i].label);
}

QString conditionsHtml(const ComparisonView &view)
{
    QString html = u"<table><tr><th></th><th>condition</th><th>runs</th><th>baselines</th></tr>"_s;
    for (int i = 0; i < view.conditions.size(); ++i) {
        const ConditionEntry &c = view.conditions[i];
        html += u"<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>"_s.arg(
            i == view.condition ? u"shown"_s : QString(), esc(c.label), QString::number(c.runs), QString::number(c.baselines));
    }
    return html + u"</table>"_s;
}

QString tableHtml(const ComparisonView &view)
{
    QString html = u"<table><tr><th>cell</th><th>link</th><th>n</th><th>mean [%1% CI] (%2)</th><th>%% of ceiling</th>"
                   "<th>ratio [CI]</th><th>p</th><th>verdict</th></tr>"_s.arg(view.confidence * 100, 0, 'g', 3)
                       .arg(esc(view.unit));
    html.replace(u"%%"_s, u"%"_s);
    for (const EngineRow &row : view.rows) {
        const EngineCell &c = view.cells[row.cell];
        html += u"<tr><td>%1%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td><td>%8</td><td>%9</td></tr>"_s.arg(
            esc(c.label), c.baseline ? u" <i>(baseline)</i>"_s : QString(), esc(c.link.shortLabel()),
            QString::number(c.estimate.n), esc(meanText(c.estimate)), esc(ceilingText(row)), esc(ratioText(row)),
            esc(pValueText(row)), esc(row.verdict));
    }
    return html + u"</table>"_s;
}

QString environmentDiffHtml(const ComparisonView &view, const ComparisonData &data)
{
    QString html;
    for (const CellEnvironmentDiff &e : view.environmentDiffs(data)) {
        html += u"<p><b>%1</b> against %2</p>"_s.arg(esc(e.cell), esc(e.reference));
        html += listHtml(e.describe());
    }
    return html.isEmpty() ? u"<p>Neither side reported its environment.</p>"_s : html;
}

} // namespace

QString latencyFloorLine(const StoredRun &run)
{
    const bool udp = run.record.kind == u"udp_rr"_s;
    const int ipVersion = ipVersionOfRun(run);
    auto frame = [udp, ipVersion](int payload) {
        return udp ? ethernet::frameForUdpPayload(payload, ipVersion)
                   : ethernet::frameForTcpPayload(payload, 0, ipVersion);
    };
    const int req = run.record.params.value(u"request_size_bytes"_s).toInt(1);
    const int resp = run.record.params.value(u"response_size_bytes"_s).toInt(1);
    const auto measured = run.record.metric(u"latency_us_mean"_s, u"client"_s);
    const auto lpath = latencyPathFromSnapshot(run.inventoryPath, frame(req), frame(resp));
    QString line = u"run %1: measured mean round trip %2"_s.arg(run.id).arg(
        measured ? u"%1 µs"_s.arg(*measured, 0, 'f', 1) : u"not reported"_s);
    if (const LinkInfo link = linkOfRun(run); link.linkClass == LinkInfo::Class::Loopback
                                              || link.linkClass == LinkInfo::Class::Virtual) {
        // No wire: the inventory's cables and switches were not crossed.
        line += u"; it ran over %1, so no physical floor applies"_s.arg(link.label());
        if (lpath)
            line += u" (the inventory path lists cables or switches it did not cross)"_s;
    } else if (lpath) {
        const LatencyFloor f = latencyFloor(*lpath);
        line += u"; physical floor of its path %1 µs (%2)"_s.arg(f.roundTripS * 1e6, 0, 'f', 2).arg(f.describe());
    } else {
        line += u"; no cables or switches are known for its path (wire it in the inventory for a floor)"_s;
    }
    return line;
}

QString environmentHtml(const QJsonObject &e)
{
    if (e.isEmpty())
        return u"not reported"_s;
    QStringList parts;
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (it.value().isString() && !it.value().toString().isEmpty())
            parts << esc(u"%1: %2"_s.arg(it.key(), it.value().toString()));
        else if (it.value().isDouble())
            parts << esc(u"%1: %2"_s.arg(it.key()).arg(it.value().toDouble()));
    }
    for (const QJsonValue &v : e.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        if (i.value(u"name"_s).toString() == u"lo"_s)
            continue;
        QString line = u"%1: %2 %3"_s.arg(i.value(u"name"_s).toString(), i.value(u"driver"_s).toString(),
                                            i.value(u"driver_version"_s).toString())
                           .trimmed();
        if (i.contains(u"speed_mbps"_s))
            line += u", %1 Mbit/s %2"_s.arg(i.value(u"speed_mbps"_s).toInt()).arg(i.value(u"duplex"_s).toString());
        if (i.contains(u"mtu"_s))
            line += u", MTU %1"_s.arg(i.value(u"mtu"_s).toInt());
        parts << esc(line);
    }
    return parts.join(u"<br>"_s);
}

QStringList comparisonReportSectionTitles(const ComparisonView &view, bool withStore)
{
    QStringList t{kConditions, kTable};
    for (int i = 0; i < view.conditions.size(); ++i)
        if (i != view.condition)
            t << otherConditionTitle(view, i);
    if (!view.notes.isEmpty())
        t << kNotes;
    t << kEnvironment;
    if (withStore) {
        t << kInventory << kRuns;
        if (view.metric == u"transactions_per_s"_s)
            t << kLatency;
    }
    t << kBaselines;
    return t;
}

QList<ReportSection> comparisonReportSections(const ComparisonView &view, const ComparisonData &data, ResultStore *store)
{
    QList<ReportSection> sections;
    sections.append({kConditions, conditionsHtml(view)});
    sections.append({kTable, tableHtml(view)});
    // One section per other condition of the selection, never pooled.
    {
        const QList<ComparisonView> others = otherConditionViews(data, view);
        int k = 0;
        for (int i = 0; i < view.conditions.size(); ++i)
            if (i != view.condition)
                sections.append({otherConditionTitle(view, i), tableHtml(others[k++])});
    }
    if (!view.notes.isEmpty())
        sections.append({kNotes, listHtml(view.notes)});
    sections.append({kEnvironment, environmentDiffHtml(view, data)});

    QList<qint64> runIds;
    QStringList baselineKeys, baselineSources;
    for (const EngineCell &c : view.cells) {
        for (qint64 id : c.runIds)
            if (!runIds.contains(id))
                runIds << id;
        if (c.baseline && !baselineKeys.contains(c.baselineKey)) {
            baselineKeys << c.baselineKey;
            baselineSources << c.sources;
        }
    }

    if (store) {
        // The inventory every compared run went over, by type, then each run.
        QMap<QString, QStringList> inventory; // type -> keys
        QString runs = u"<table><tr><th>run</th><th>test case</th><th>client → server</th><th>link</th>"
                       "<th>inventory path</th><th>client environment</th><th>server environment</th></tr>"_s;
        QStringList missing, floors, warned;
        for (qint64 id : std::as_const(runIds)) {
            auto run = store->runs().run(id, false);
            if (!run) {
                missing << u"run %1"_s.arg(id);
                continue;
            }
            QStringList path;
            for (const QJsonValue &v : std::as_const(run->inventoryPath)) {
                const QJsonObject e = v.toObject();
                const QString type = e.value(u"type"_s).toString();
                const QString key = e.value(u"key"_s).toString();
                path << u"%1 %2"_s.arg(type, key);
                QStringList &keys = inventory[type];
                if (!keys.contains(key))
                    keys << key;
            }
            for (const QString &end : {run->clientEndpoint, run->serverEndpoint}) {
                QStringList &hosts = inventory[u"endpoint"_s];
                if (!hosts.contains(end))
                    hosts << end;
            }
            runs += u"<tr><td>%1</td><td>%2</td><td>%3 → %4</td><td>%5</td><td>%6</td><td>%7</td><td>%8</td></tr>"_s.arg(
                QString::number(id), esc(run->testCase), esc(run->clientEndpoint), esc(run->serverEndpoint),
                esc(linkOfRun(*run).label()), path.isEmpty() ? u"not in the inventory"_s : esc(path.join(u" → "_s)),
                environmentHtml(run->clientEnvironment), environmentHtml(run->serverEnvironment));
            if (view.metric == u"transactions_per_s"_s)
                floors << latencyFloorLine(*run);
            for (const QString &w : run->warnings())
                warned << u"run %1: %2"_s.arg(id).arg(w);
        }
        runs += u"</table>"_s;
        // What the runs warned of when they were measured (NIC counters that
        // rose, a link that changed, an interval not reached).
        if (!warned.isEmpty())
            runs += u"<p>Warnings recorded with the runs:</p>"_s + listHtml(warned);
        if (!missing.isEmpty())
            runs += u"<p>No longer in the database: %1</p>"_s.arg(esc(missing.join(u", "_s)));
        const QList<QPair<QString, QString>> types{{u"host"_s, u"Hosts"_s},     {u"nic"_s, u"NICs"_s},
                                                   {u"switch"_s, u"Switches"_s}, {u"cable"_s, u"Cables"_s},
                                                   {u"endpoint"_s, u"Endpoints as the tests addressed them"_s}};
        QString inv = u"<table><tr><th>what</th><th>compared</th></tr>"_s;
        for (const auto &[type, title] : types)
            inv += u"<tr><td>%1</td><td>%2</td></tr>"_s.arg(
                esc(title), inventory.value(type).isEmpty() ? u"—"_s : esc(inventory.value(type).join(u", "_s)));
        inv += u"</table>"_s;
        sections.append({kInventory, inv});
        sections.append({kRuns, runs});
        if (view.metric == u"transactions_per_s"_s)
            sections.append({kLatency, listHtml(floors)});

        // Each baseline with the hardware it was measured on.
        QString html = u"<table><tr><th>baseline</th><th>citation</th><th>hardware</th><th>link</th></tr>"_s;
        auto stored = store->baselines().baselines();
        for (const QString &key : std::as_const(baselineKeys)) {
            const Baseline *b = nullptr;
            if (stored)
                for (const Baseline &x : *stored)
                    if (x.key == key)
                        b = &x;
            if (!b) {
                html += u"<tr><td>%1</td><td colspan=\"3\">no longer in the database</td></tr>"_s.arg(esc(key));
                continue;
            }
            html += u"<tr><td>%1</td><td>%2, \"%3\", %4</td><td>%5</td><td>%6</td></tr>"_s.arg(
                esc(key), esc(b->citation.author), esc(b->citation.title), esc(b->citation.date),
                esc(b->hardwareText.isEmpty() ? QString::fromUtf8(QJsonDocument(b->hardware).toJson(QJsonDocument::Compact))
                                              : b->hardwareText),
                esc(linkOfBaseline(*b).label()));
        }
        sections.append({kBaselines, html + u"</table>"_s});
        return sections;
    }
    sections.append({kBaselines, listHtml(baselineSources)});
    return sections;
}

} // namespace wb
