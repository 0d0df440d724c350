// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a tag on a run or baseline may be: the user's words trimmed, kept in
// the case they were written, never empty, at most kMaxLength characters,
// no control characters. Two tags that differ only in case are one tag
// (key(): the case-folded form the store keys and filters by), so "FW 4.2"
// and "fw 4.2" never both sit on a run.

#include "storeerror.h"

#include <QStringList>

namespace wb {

class TagName
{
public:
    static constexpr int kMaxLength = 64;

    // The tag as stored, or Invalid with a message naming the tag.
    static StoreResult<QString> normalise(const QString &tag);
    // Each normalised, the later of two with one key dropped; the first bad
    // tag fails the whole list.
    static StoreResult<QStringList> normaliseAll(const QStringList &tags);
    // The case-folded form of a normalised tag.
    static QString key(const QString &tag);
    // Sorted for display: by key, then as written.
    static void sort(QStringList &tags);
};

} // namespace wb
