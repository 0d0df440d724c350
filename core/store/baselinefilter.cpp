// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinefilter.h"

#include <QJsonDocument>

namespace wb {

namespace {

bool containsText(const QString &haystack, const QString &needle)
{
    return haystack.contains(needle, Qt::CaseInsensitive);
}

} // namespace

bool BaselineFilter::matches(const Baseline &b) const
{
    if (!kind.isEmpty() && b.record.kind != kind)
        return false;
    if (!source.isEmpty()) {
        const Citation &c = b.citation;
        if (!containsText(b.key, source) && !containsText(c.title, source) && !containsText(c.author, source)
            && !containsText(c.date, source) && !containsText(c.sourceFile, source))
            return false;
    }
    return hardware.isEmpty() || containsText(b.hardwareText, hardware)
           || containsText(QString::fromUtf8(QJsonDocument(b.hardware).toJson(QJsonDocument::Compact)), hardware);
}

QList<Baseline> BaselineFilter::apply(const QList<Baseline> &baselines) const
{
    QList<Baseline> kept;
    for (const Baseline &b : baselines)
        if (matches(b))
            kept.append(b);
    return kept;
}

} // namespace wb
