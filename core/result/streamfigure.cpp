// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamfigure.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

QList<StreamFigure> streamFigures(const ResultRecord &record)
{
    QList<StreamFigure> out;
    for (const QJsonValue &v : record.extra.value(u"streams"_s).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.isEmpty())
            continue;
        out.append({e.value(u"stream"_s).toInt(), e.value(u"direction"_s).toString(), e.value(u"side"_s).toString(),
                    e.value(u"role"_s).toString(), e.value(u"bytes"_s).toDouble(),
                    e.value(u"throughput_bps"_s).toDouble()});
    }
    return out;
}

QString keyDirection(const ResultRecord &record)
{
    return record.extra.value(u"key_direction"_s).toString(u"forward"_s);
}

} // namespace wb
