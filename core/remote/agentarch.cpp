// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentarch.h"

#include <QFile>

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
    if (h.size() < 20 || !h.startsWith("\x7f" "ELF")) {
        *error = u"the agent '%1' is not an ELF program"_s.arg(path);
        return {};
    }
    const bool little = h.at(5) == 1;
    const auto b0 = static_cast<unsigned char>(h.at(18));
    const auto b1 = static_cast<unsigned char>(h.at(19));
    const unsigned machine = little ? (b0 | (b1 << 8)) : ((b0 << 8) | b1);
    switch (machine) {
    case 62: return u"x86_64"_s;
    case 183: return u"aarch64"_s;
    case 3: return u"i686"_s;
    case 40: return u"arm"_s;
    case 243: return u"riscv64"_s;
    case 21: return little ? u"ppc64le"_s : u"ppc64"_s;
    case 22: return u"s390x"_s;
    default: break;
    }
    *error = u"the agent '%1' is built for ELF machine %2, which Wirebench does not know"_s.arg(path).arg(machine);
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

} // namespace wb
