// SPDX-License-Identifier: GPL-3.0-or-later
#include "cable.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Cable::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"label"_s, label);
    putString(o, u"category"_s, category);
    if (lengthM)
        o.insert(u"length_m"_s, *lengthM);
    putString(o, u"notes"_s, notes);
    return o;
}

std::optional<Cable> Cable::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    using namespace jsonfields;
    Cable c;
    if (!readString(json, u"label"_s, where, &c.label, error, true) ||
        !readString(json, u"category"_s, where, &c.category, error) ||
        !readOptionalNumber(json, u"length_m"_s, where, &c.lengthM, error) ||
        !readString(json, u"notes"_s, where, &c.notes, error))
        return std::nullopt;
    return c;
}

bool Cable::sameAttributes(const Cable &o) const
{
    return label == o.label && category == o.category && lengthM == o.lengthM && notes == o.notes;
}

} // namespace wb
