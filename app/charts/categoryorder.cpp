// SPDX-License-Identifier: GPL-3.0-or-later
#include "categoryorder.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

bool isPlaceholder(const QString &label)
{
    const QString t = label.trimmed();
    return t.isEmpty() || t == u"—"_s || t == u"-"_s || t == u"–"_s;
}

// Byte units as the providers and the agent write them; K/M/G are binary
// there ("12 MB file" is 12 × 2^20 bytes).
std::optional<double> byteMultiplier(const QString &unit)
{
    static const QList<std::pair<QString, double>> units{
        {u"B"_s, 1},          {u"bytes"_s, 1},           {u"byte"_s, 1},
        {u"KB"_s, 1024.0},    {u"KiB"_s, 1024.0},        {u"kB"_s, 1024.0},
        {u"MB"_s, 1048576.0}, {u"MiB"_s, 1048576.0},     {u"GB"_s, 1073741824.0},
        {u"GiB"_s, 1073741824.0},
    };
    for (const auto &[name, factor] : units)
        if (unit == name)
            return factor;
    return std::nullopt;
}

} // namespace

std::optional<CategoryNumber> categoryNumber(const QString &label)
{
    // A number, then nothing or a space and a unit word: "2024-05-01" and
    // "10.0.0.1" are not numbers here.
    static const QRegularExpression re(u"^\\s*([-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?)(?:\\s+(\\S+).*)?$"_s);
    const QRegularExpressionMatch m = re.match(label);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    CategoryNumber n;
    n.value = m.captured(1).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    n.unit = m.captured(2);
    if (const auto factor = byteMultiplier(n.unit)) {
        n.value *= *factor;
        n.unit = u"B"_s;
    }
    return n;
}

std::optional<double> categoryBytes(const QString &label)
{
    const auto n = categoryNumber(label);
    if (!n || (n->unit != u"B"_s && !n->unit.isEmpty()))
        return std::nullopt;
    return n->value;
}

QStringList orderCategories(const QStringList &labels)
{
    QList<std::pair<double, QString>> numbers;
    QStringList placeholders;
    QString unit;
    for (const QString &label : labels) {
        if (isPlaceholder(label)) {
            placeholders << label;
            continue;
        }
        const auto n = categoryNumber(label);
        if (!n || (!numbers.isEmpty() && n->unit != unit))
            return labels; // names, or numbers of different units: as they came
        unit = n->unit;
        numbers.append({n->value, label});
    }
    if (numbers.size() < 2)
        return labels;
    std::stable_sort(numbers.begin(), numbers.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (const auto &entry : std::as_const(numbers))
        out << entry.second;
    return out + placeholders;
}

} // namespace wb::charts
