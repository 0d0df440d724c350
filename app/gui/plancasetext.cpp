// SPDX-License-Identifier: GPL-3.0-or-later
#include "plancasetext.h"

#include "result/condition.h"
#include "result/metriccatalog.h"
#include "runtext.h"

#include <QHash>
#include <QObject>
#include <QSet>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// "UDP_STREAM", "udp stream" and "UDP stream" spell one kind.
QString spelling(QString text)
{
    text = text.toLower();
    text.remove(u'_');
    text.remove(u' ');
    return text;
}

QString parameterLabel(const QString &kind, const RunParameter &p)
{
    if (const ConditionParameterInfo *info = findDefiningParameter(kind, p.key))
        return info->label;
    return p.label;
}

} // namespace

QStringList planCaseTexts(const Plan &plan)
{
    // The parameters a test's cases differ in (its sweep), by test title.
    QHash<QString, QHash<QString, QSet<QString>>> values; // title -> key -> texts
    for (const TestCase &c : plan.cases)
        for (const RunParameter &p : runParameters(c.params, c.kind))
            values[testCaseTitle(c.name)][p.key].insert(p.text);

    QStringList lines;
    for (const TestCase &c : plan.cases) {
        const QString title = testCaseTitle(c.name);
        const QString kind = testKindLabel(c.kind);
        QStringList parts;
        parts << (spelling(title) == spelling(kind) || title.isEmpty()
                      ? kind
                      : QObject::tr("%1 (%2)").arg(title, kind));
        const auto byKey = values.value(title);
        for (const RunParameter &p : runParameters(c.params, c.kind)) {
            const bool differs = byKey.value(p.key).size() > 1;
            if (differs)
                parts << u"%1 %2"_s.arg(parameterLabel(c.kind, p), p.text);
        }
        const auto endpoint = [](const Endpoint &e) { return e.nic.isEmpty() ? e.host : e.host + u'/' + e.nic; };
        lines << QObject::tr("%1: %2 → %3").arg(parts.join(u" · "_s), endpoint(c.client), endpoint(c.server));
    }
    return lines;
}

} // namespace wb::gui
