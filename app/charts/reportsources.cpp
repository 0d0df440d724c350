// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportsources.h"

#include "analysis/comparisondata.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QMap>
#include <QSet>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

QString listHtml(const QStringList &items)
{
    if (items.isEmpty())
        return u"<p>none</p>"_s;
    QString html = u"<ul>"_s;
    for (const QString &i : items)
        html += u"<li>%1</li>"_s.arg(i.toHtmlEscaped());
    return html + u"</ul>"_s;
}

} // namespace

QString ReportSources::environmentHtml(const QJsonObject &e)
{
    if (e.isEmpty())
        return u"not reported"_s;
    QStringList parts;
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (it.value().isString() && !it.value().toString().isEmpty())
            parts << u"%1: %2"_s.arg(it.key(), it.value().toString()).toHtmlEscaped();
        else if (it.value().isDouble())
            parts << u"%1: %2"_s.arg(it.key()).arg(it.value().toDouble()).toHtmlEscaped();
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
        parts << line.toHtmlEscaped();
    }
    return parts.join(u"<br>"_s);
}

QList<ReportSection> ReportSources::sections(const QString &databasePath, const ComparisonData &data)
{
    QStringList runSources, baselineSources;
    for (const Observation &o : data.observations) {
        QStringList &list = o.baseline ? baselineSources : runSources;
        if (!list.contains(o.source))
            list << o.source;
    }
    QList<ReportSection> sections;
    std::unique_ptr<ResultStore> store;
    if (!databasePath.isEmpty())
        if (auto opened = ResultStore::open(databasePath, {.createIfMissing = false, .readOnly = true}))
            store = std::move(*opened);
    if (!store) {
        if (!runSources.isEmpty())
            sections.append({u"Measured sources"_s, listHtml(runSources)});
        sections.append({u"Historical baselines"_s, listHtml(baselineSources)});
        return sections;
    }

    // The inventory every compared run went over, by type, then each run.
    QMap<QString, QStringList> inventory; // type -> keys
    QString runs = u"<table><tr><th>run</th><th>test case</th><th>client → server</th><th>inventory path</th>"
                   "<th>client environment</th><th>server environment</th></tr>"_s;
    QStringList missing;
    for (const QString &source : std::as_const(runSources)) {
        const qint64 id = source.section(u' ', 1).toLongLong();
        auto run = id > 0 ? store->runs().run(id, false) : StoreResult<StoredRun>(StoreError{});
        if (!run) {
            missing << source;
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
        runs += u"<tr><td>%1</td><td>%2</td><td>%3 → %4</td><td>%5</td><td>%6</td><td>%7</td></tr>"_s.arg(
            QString::number(id), run->testCase.toHtmlEscaped(), run->clientEndpoint.toHtmlEscaped(),
            run->serverEndpoint.toHtmlEscaped(),
            path.isEmpty() ? u"not in the inventory"_s : path.join(u" → "_s).toHtmlEscaped(),
            environmentHtml(run->clientEnvironment), environmentHtml(run->serverEnvironment));
    }
    runs += u"</table>"_s;
    if (!missing.isEmpty())
        runs += u"<p>No longer in the database: %1</p>"_s.arg(missing.join(u", "_s).toHtmlEscaped());

    const QList<QPair<QString, QString>> types{{u"host"_s, u"Hosts"_s},     {u"nic"_s, u"NICs"_s},
                                               {u"switch"_s, u"Switches"_s}, {u"cable"_s, u"Cables"_s},
                                               {u"endpoint"_s, u"Endpoints as the tests addressed them"_s}};
    QString inv = u"<table><tr><th>what</th><th>compared</th></tr>"_s;
    for (const auto &[type, title] : types)
        inv += u"<tr><td>%1</td><td>%2</td></tr>"_s.arg(title.toHtmlEscaped(),
                                                      inventory.value(type).isEmpty()
                                                          ? u"—"_s
                                                          : inventory.value(type).join(u", "_s).toHtmlEscaped());
    inv += u"</table>"_s;
    sections.append({u"Inventory of what was compared"_s, inv});
    sections.append({u"Runs compared, with the environment of each end"_s, runs});
    sections.append({u"Historical baselines"_s, listHtml(baselineSources)});
    return sections;
}

} // namespace wb::charts
