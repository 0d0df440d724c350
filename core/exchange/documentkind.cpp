// SPDX-License-Identifier: GPL-3.0-or-later
#include "documentkind.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace wb {

DocumentKind documentKind(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return DocumentKind::Results;
    const QByteArray head = f.read(1 << 20);
    if (!head.trimmed().startsWith('{'))
        return DocumentKind::Results; // gzip, text logs, CSV
    const QJsonObject o = QJsonDocument::fromJson(head).object();
    const QString format = o.value(u"format"_s).toString();
    if (format == u"wirebench-lab"_s)
        return DocumentKind::Lab;
    if (format == u"wirebench-plan"_s || (format.isEmpty() && o.contains(u"tests"_s)))
        return DocumentKind::Plan;
    return DocumentKind::Results; // iperf3 --json and other tools' JSON
}

} // namespace wb
