// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The text of an imported log as numbered lines, plus the number parsing the
// text importers share. Lines keep their 1-based numbers so every error can
// name the line it is about.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

class ImportText
{
public:
    // Text logs have short lines; longer ones are cut to maxLineLength so
    // no pattern ever runs over megabytes of one line (0: no limit).
    static constexpr qsizetype kTextLineLimit = 8192;
    explicit ImportText(const QByteArray &data, qsizetype maxLineLength = kTextLineLimit);

    qsizetype size() const { return m_lines.size(); }
    const QString &line(qsizetype index) const { return m_lines.at(index); }
    // 1-based line number of an index, for messages.
    static int number(qsizetype index) { return int(index + 1); }
    // The next index at or after from whose line is not blank, or size().
    qsizetype nextNonBlank(qsizetype from) const;

    // A finite number in C locale ("1e+06", "-1.00", "95.07"), or nothing.
    static std::optional<double> toNumber(const QString &token);
    // The leading run of numeric tokens of a line; rest gets the remainder.
    static QList<double> leadingNumbers(const QString &line, QString *rest = nullptr);
    static QStringList tokens(const QString &line);
    // value x factor computed from value's shortest decimal form (the one the
    // tool printed), so a printed "4.27" Gbit/s becomes exactly 4270000000
    // and not 4269999999.9999995. Falls back to the plain product when the
    // decimal has too many digits to be exact anyway.
    static double scaled(double value, double factor);

private:
    QStringList m_lines;
};

// RFC 4180 fields of one line (no embedded newlines): quoted fields keep
// their spaces and "" stands for a quote; nothing when a quote is left open.
std::optional<QStringList> splitCsvFields(const QString &line);

} // namespace wb
