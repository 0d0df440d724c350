// SPDX-License-Identifier: GPL-3.0-or-later
#include "iperftransfer.h"

#include "importtext.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

std::optional<double> factor(const QStringList &units, const double *factors, const QString &unit)
{
    const qsizetype k = units.indexOf(unit);
    if (k < 0)
        return std::nullopt;
    return factors[k];
}

std::optional<double> bytesFactor(const QString &unit)
{
    static const QStringList kUnits{u"Bytes"_s, u"KBytes"_s, u"MBytes"_s, u"GBytes"_s, u"TBytes"_s};
    static constexpr double kFactors[]{1.0, 1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024, 1024.0 * 1024 * 1024 * 1024};
    return factor(kUnits, kFactors, unit);
}

std::optional<double> bitsFactor(const QString &unit)
{
    static const QStringList kUnits{u"bits/sec"_s, u"Kbits/sec"_s, u"Mbits/sec"_s, u"Gbits/sec"_s, u"Tbits/sec"_s};
    static constexpr double kFactors[]{1.0, 1e3, 1e6, 1e9, 1e12};
    return factor(kUnits, kFactors, unit);
}

} // namespace

std::optional<IperfTransfer> IperfTransfer::read(const QRegularExpressionMatch &m, int first)
{
    const auto start = ImportText::toNumber(m.captured(first));
    const auto end = ImportText::toNumber(m.captured(first + 1));
    const auto amount = ImportText::toNumber(m.captured(first + 2));
    const auto bf = bytesFactor(m.captured(first + 3));
    const auto rate = ImportText::toNumber(m.captured(first + 4));
    const auto rf = bitsFactor(m.captured(first + 5));
    if (!start || !end || !amount || !rate || !bf || !rf)
        return std::nullopt;
    return IperfTransfer{*start, *end, ImportText::scaled(*amount, *bf), ImportText::scaled(*rate, *rf)};
}

QString IperfTransfer::unreadable(const QString &t)
{
    return u"expected numbers with units such as 'MBytes' and 'Mbits/sec' in '%1'"_s.arg(t.left(100));
}

} // namespace wb
