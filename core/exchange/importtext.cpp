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
