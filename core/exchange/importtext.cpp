// SPDX-License-Identifier: GPL-3.0-or-later
#include "importtext.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

ImportText::ImportText(const QByteArray &data, qsizetype maxLineLength)
{
    // Decode as UTF-8 with replacement: logs are mostly ASCII, and a stray
    // byte must not make a line disappear.
    QString text = QString::fromUtf8(data);
    // Colour escapes (sockperf prints them even into files) are not content.
    if (text.contains(QChar(0x1b))) {
        static const QRegularExpression kAnsi(uR"(\x1b\[[0-9;]*[A-Za-z])"_s);
        text.remove(kAnsi);
    }
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text.at(i) == u'\n') {
            QString l = text.mid(start, i - start);
            if (l.endsWith(u'\r'))
                l.chop(1);
            if (maxLineLength > 0 && l.size() > maxLineLength)
                l.truncate(maxLineLength);
            if (i < text.size() || !l.isEmpty())
                m_lines.append(l);
            start = i + 1;
        }
    }
}

qsizetype ImportText::nextNonBlank(qsizetype from) const
{
    while (from < m_lines.size() && m_lines.at(from).trimmed().isEmpty())
        ++from;
    return from;
}

std::optional<double> ImportText::toNumber(const QString &token)
{
    if (token.isEmpty() || token.size() > 64)
        return std::nullopt;
    bool ok = false;
    const double v = QLocale::c().toDouble(token, &ok);
    // Far beyond any real figure; keeps unit conversions (x 8 x 2^30) finite.
    if (!ok || !std::isfinite(v) || std::abs(v) > 1e250)
        return std::nullopt;
    return v;
}

double ImportText::scaled(double value, double factor)
{
    const double direct = value * factor;
    if (!std::isfinite(direct) || value == 0 || factor == 1)
        return direct;
    // "4.27e+00": the digits and the power of ten of the shortest form.
    const QString e = QString::number(std::abs(value), 'e', QLocale::FloatingPointShortest);
    const qsizetype ePos = e.indexOf(u'e');
    if (ePos < 0)
        return direct;
    QString digits = e.left(ePos);
    digits.remove(u'.');
    bool ok = false;
    const int exponent = e.mid(ePos + 1).toInt(&ok);
    if (!ok || digits.size() > 15)
        return direct;
    const qint64 mantissa = digits.toLongLong(&ok);
    if (!ok)
        return direct;
    int power = exponent - int(digits.size() - 1); // value = mantissa x 10^power
    double multiplier = factor;
    if (factor < 1) {
        // A factor of 10^-k (ms to s, % to a ratio) divides instead.
        const double inverse = std::round(1 / factor);
        int k = 0;
        for (double p = 1; p < inverse && k <= 22; p *= 10)
            ++k;
        double tens = 1;
        for (int j = 0; j < k; ++j)
            tens *= 10;
        if (k > 22 || tens != inverse || 1 / tens != factor)
            return direct;
        power -= k;
        multiplier = 1;
    }
    if (power >= 0 || power < -22)
        return direct;
    const double product = double(mantissa) * multiplier;
    // Exact only while the product is an integer a double holds exactly.
    if (std::abs(product) >= 9007199254740992.0 || product != std::floor(product))
        return direct;
    double divisor = 1;
    for (int k = 0; k < -power; ++k)
        divisor *= 10;
    const double r = product / divisor; // one correctly rounded step
    return value < 0 ? -r : r;
}

QStringList ImportText::tokens(const QString &line)
{
    return line.simplified().split(u' ', Qt::SkipEmptyParts);
}

QList<double> ImportText::leadingNumbers(const QString &line, QString *rest)
{
    QList<double> out;
    const QStringList t = line.simplified().split(u' ', Qt::SkipEmptyParts);
    qsizetype i = 0;
    for (; i < t.size(); ++i) {
        const auto v = toNumber(t.at(i));
        if (!v)
            break;
        out.append(*v);
    }
    if (rest)
        *rest = t.mid(i).join(u' ');
    return out;
}

// RFC 4180 fields of one line (no embedded newlines); nothing when a quote is left open.
std::optional<QStringList> splitCsvFields(const QString &line)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line.at(i + 1) == u'"') {
                cur.append(u'"');
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                cur.append(c);
            }
        } else if (c == u'"' && cur.trimmed().isEmpty()) {
            quoted = true;
            wasQuoted = true;
            cur.clear();
        } else if (c == u',') {
            out.append(wasQuoted ? cur : cur.trimmed());
            cur.clear();
            wasQuoted = false;
        } else {
            cur.append(c);
        }
    }
    if (quoted)
        return std::nullopt;
    out.append(wasQuoted ? cur : cur.trimmed());
    return out;
}

} // namespace wb
