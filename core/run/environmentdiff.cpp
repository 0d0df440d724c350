// SPDX-License-Identifier: GPL-3.0-or-later
#include "environmentdiff.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QString text(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return v.toBool() ? u"on"_s : u"off"_s;
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 12);
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return u"(unknown)"_s;
    default:
        return u"(complex)"_s;
    }
}

QJsonObject interfaceNamed(const QJsonObject &sysinfo, const QString &name)
{
    const QJsonArray ifs = sysinfo.value(u"interfaces"_s).toArray();
    for (const QJsonValue &v : ifs)
        if (v.toObject().value(u"name"_s).toString() == name)
            return v.toObject();
    return {};
}

QStringList interfaceNames(const QJsonObject &sysinfo)
{
    QStringList names;
    const QJsonArray ifs = sysinfo.value(u"interfaces"_s).toArray();
    for (const QJsonValue &v : ifs)
        names << v.toObject().value(u"name"_s).toString();
    return names;
}

void compareField(QList<EnvironmentChange> &out, const QString &field, const QJsonValue &a, const QJsonValue &b)
{
    if (a == b)
        return;
    out.append({field, text(a), text(b)});
}

} // namespace

QString EnvironmentChange::describe() const
{
    return u"%1 changed from %2 to %3"_s.arg(field, before, after);
}

bool isLinkChange(const EnvironmentChange &change)
{
    return change.field.endsWith(u".speed_mbps"_s) || change.field.endsWith(u".duplex"_s)
           || change.field.endsWith(u".mtu"_s) || change.field.endsWith(u".operstate"_s);
}

QList<EnvironmentChange> diffEnvironment(const QJsonObject &before, const QJsonObject &after,
                                         const QString &interfaceName)
{
    QList<EnvironmentChange> out;
    for (const auto &field : {u"kernel"_s, u"cpu_model"_s, u"cpus"_s, u"memory_bytes"_s})
        compareField(out, field, before.value(field), after.value(field));
    QStringList names = interfaceName.isEmpty() ? interfaceNames(before) : QStringList{interfaceName};
    if (interfaceName.isEmpty())
        for (const QString &n : interfaceNames(after))
            if (!names.contains(n))
                names << n;
    for (const QString &name : std::as_const(names)) {
        const QJsonObject a = interfaceNamed(before, name);
        const QJsonObject b = interfaceNamed(after, name);
        if (a.isEmpty() != b.isEmpty()) {
            out.append({name, a.isEmpty() ? u"absent"_s : u"present"_s, b.isEmpty() ? u"absent"_s : u"present"_s});
            continue;
        }
        for (const auto &field : {u"driver"_s, u"driver_version"_s, u"firmware"_s, u"speed_mbps"_s, u"duplex"_s,
                                  u"mtu"_s, u"operstate"_s, u"mac"_s})
            compareField(out, name + u'.' + field, a.value(field), b.value(field));
        const QJsonObject oa = a.value(u"offloads"_s).toObject();
        const QJsonObject ob = b.value(u"offloads"_s).toObject();
        QStringList keys = oa.keys();
        for (const QString &k : ob.keys())
            if (!keys.contains(k))
                keys << k;
        for (const QString &k : std::as_const(keys))
            compareField(out, name + u".offloads."_s + k, oa.value(k), ob.value(k));
    }
    return out;
}

} // namespace wb
