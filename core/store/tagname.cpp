// SPDX-License-Identifier: GPL-3.0-or-later
#include "tagname.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

StoreResult<QString> TagName::normalise(const QString &tag)
{
    const QString t = tag.trimmed();
    if (t.isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"a tag may not be empty"_s};
    for (const QChar c : t) {
        if (c.category() == QChar::Other_Control)
            return StoreError{StoreError::Kind::Invalid,
                              u"tag '%1' holds a control character (U+%2); use plain text"_s.arg(
                                  QString(t).replace(c, u'?'))
                                  .arg(uint(c.unicode()), 4, 16, QChar(u'0'))};
    }
    if (t.size() > kMaxLength)
        return StoreError{StoreError::Kind::Invalid, u"tag '%1' is %2 characters long; a tag has at most %3"_s.arg(t)
                                                         .arg(t.size())
                                                         .arg(kMaxLength)};
    return t;
}

StoreResult<QStringList> TagName::normaliseAll(const QStringList &tags)
{
    QStringList out;
    QSet<QString> keys;
    for (const QString &tag : tags) {
        auto t = normalise(tag);
        if (!t)
            return t.error();
        if (keys.contains(key(*t)))
            continue;
        keys.insert(key(*t));
        out.append(*t);
    }
    return out;
}

QString TagName::key(const QString &tag)
{
    return tag.toCaseFolded();
}

void TagName::sort(QStringList &tags)
{
    std::sort(tags.begin(), tags.end(), [](const QString &a, const QString &b) {
        const QString ka = key(a), kb = key(b);
        return ka != kb ? ka < kb : a < b;
    });
}

} // namespace wb
