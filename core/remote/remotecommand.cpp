// SPDX-License-Identifier: GPL-3.0-or-later
#include "remotecommand.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

QByteArray shellQuote(const QString &value)
{
    QByteArray out;
    const QByteArray utf8 = value.toUtf8();
    out.reserve(utf8.size() + 2);
    out.append('\'');
    for (char c : utf8) {
        if (c == '\'')
            out.append("'\\''");
        else
            out.append(c);
    }
    out.append('\'');
    return out;
}

bool isValidInterfaceName(const QString &name)
{
    static const QRegularExpression re(u"\\A[A-Za-z0-9_.:@-]{1,15}\\z"_s);
    return re.match(name).hasMatch() && !name.startsWith(u'-') && name != u"."_s && name != u".."_s;
}

bool isSafeRemotePath(const QString &path)
{
    static const QRegularExpression re(u"\\A/[A-Za-z0-9_.,:@+=/~-]*\\z"_s);
    if (path.size() > 4096 || !re.match(path).hasMatch())
        return false;
    const QStringList parts = path.split(u'/');
    return !parts.contains(u".."_s);
}

std::optional<QByteArray> buildRemoteCommand(const QStringList &argv, QString *error)
{
    if (argv.isEmpty()) {
        if (error)
            *error = u"empty remote command"_s;
        return std::nullopt;
    }
    QByteArray line;
    for (qsizetype i = 0; i < argv.size(); ++i) {
        const QString &a = argv.at(i);
        if (a.contains(QChar(0)) || a.contains(u'\n') || a.contains(u'\r')) {
            if (error)
                *error = u"remote command argument %1 contains a NUL or line break"_s.arg(i);
            return std::nullopt;
        }
        if (i > 0)
            line.append(' ');
        line.append(shellQuote(a));
    }
    return line;
}

} // namespace wb
