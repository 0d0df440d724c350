// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentarch.h"

#include <QFile>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace wb {

QString elfArchitecture(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = u"cannot read the agent '%1': %2"_s.arg(path, f.errorString());
        return {};
    }
    const QByteArray h = f.read(20);
    if (h.size() < 20
        || !h.startsWith("\x7f"
                         "ELF")) {
        *error = u"the agent '%1' is not an ELF program"_s.arg(path);
        return {};
    }
    const bool little = h.at(5) == 1;
    const auto b0 = static_cast<unsigned char>(h.at(18));
    const auto b1 = static_cast<unsigned char>(h.at(19));
    const unsigned machine = little ? (b0 | (b1 << 8)) : ((b0 << 8) | b1);
    switch (machine) {
    case 62:
        return u"x86_64"_s;
    case 183:
        return u"aarch64"_s;
    case 3:
        return u"i686"_s;
    case 40:
        return u"arm"_s;
    case 243:
        return u"riscv64"_s;
    case 21:
        return little ? u"ppc64le"_s : u"ppc64"_s;
    case 22:
        return u"s390x"_s;
    default:
        break;
    }
    *error = u"the agent '%1' is built for ELF machine %2, which Wirebench does not know"_s.arg(path).arg(
        machine);
    return {};
}

QString normalizeMachine(const QString &unameMachine)
{
    const QString m = unameMachine.trimmed();
    if (m == u"amd64"_s)
        return u"x86_64"_s;
    if (m == u"arm64"_s)
        return u"aarch64"_s;
    if (m == u"i386"_s || m == u"i486"_s || m == u"i586"_s)
        return u"i686"_s;
    if (m.startsWith(u"armv"_s))
        return u"arm"_s;
    return m;
}

namespace {

    // The host's `uname -m` as shown in a message: it comes from the peer, so
    // anything but a plain machine name is cut and escaped.
    QString shownMachine(const QString &raw)
    {
        static constexpr qsizetype kMax = 32;
        QString out;
        for (const QChar c : raw.left(kMax)) {
            const char16_t u = c.unicode();
            const bool plain = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
                || u == u'_' || u == u'-' || u == u'.';
            out += plain ? QString(c) : u"\\x%1"_s.arg(unsigned(u), 2, 16, QChar(u'0'));
        }
        return raw.size() > kMax ? out + u"..."_s : out;
    }

} // namespace

QString pickAgent(const QMap<QString, QString> &agents, const QString &unameMachine, QString *error)
{
    const QString raw = unameMachine.trimmed();
    const QString arch = normalizeMachine(raw);
    if (arch.isEmpty()) {
        *error = u"the host did not say what machine it is (`uname -m` printed nothing)"_s;
        return {};
    }
    if (const auto it = agents.constFind(arch); it != agents.cend())
        return it.value();
    const QString host
        = raw == arch ? shownMachine(arch) : u"%1 (%2)"_s.arg(shownMachine(raw), shownMachine(arch));
    if (agents.isEmpty()) {
        *error = u"the host is %1, and this Wirebench has no agent program at all"_s.arg(host);
        return {};
    }
    QStringList have;
    for (auto it = agents.cbegin(); it != agents.cend(); ++it)
        have << u"%1 (%2)"_s.arg(it.key(), it.value());
    const QString list = have.size() == 1
        ? have.first()
        : have.mid(0, have.size() - 1).join(u", "_s) + u" and "_s + have.last();
    *error = u"the host is %1, but this Wirebench's agents are built for %2 only"_s.arg(host, list);
    return {};
}

} // namespace wb
