// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment.h"

#include "inventory/inventory.h"
#include "inventory/pathresolver.h"
#include "plan.h"

#include <QJsonArray>
#include <QSet>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr int kMaxRounds = 1000;
constexpr int kMaxArms = 16;

bool fail(QString *error, const QString &path, const QString &message)
{
    if (error)
        *error = path + u": "_s + message;
    return false;
}

} // namespace

const QStringList &experimentElements()
{
    static const QStringList elements{u"switch"_s, u"nic"_s, u"cable"_s, u"host"_s};
    return elements;
}

QStringList experimentPathWarnings(const Plan &plan, const Inventory &inventory)
{
    if (plan.experiment.isEmpty())
        return {};
    // Each arm's path, from its first case (every case of an arm has its ends).
    QList<std::pair<QString, ResolvedPath>> arms;
    QSet<QString> seen;
    for (const TestCase &c : plan.cases) {
        const QString arm = c.experiment.value(u"arm"_s).toString();
        if (arm.isEmpty() || seen.contains(arm))
            continue;
        seen.insert(arm);
        arms.append({arm, PathResolver(inventory).resolve(c.client.host, c.client.nic, c.server.host, c.server.nic)});
    }
    QStringList warnings;
    bool allKnown = true;
    for (const auto &[arm, path] : arms)
        if (path.status != ResolvedPath::Status::Ok) {
            allKnown = false;
            warnings << u"Arm %1: %2"_s.arg(arm, path.text());
        }
    if (!allKnown || arms.size() < 2)
        return warnings;
    // Every element as the arms' paths name it, in the order of experimentElements().
    auto elementOf = [](const ResolvedPath &p, const QString &element) {
        if (element == u"switch"_s)
            return p.switches().join(u" + "_s);
        if (element == u"cable"_s)
            return p.cables().join(u" + "_s);
        if (element == u"nic"_s)
            return p.clientNic + u" → "_s + p.serverNic;
        return p.clientNic.section(u'/', 0, 0) + u" → "_s + p.serverNic.section(u'/', 0, 0);
    };
    auto label = [](const QString &element) { return element == u"nic"_s ? u"NIC"_s : element; };
    const QString varies = plan.experiment.value(u"varies"_s).toString();
    QStringList alsoDiffer;
    for (const QString &element : experimentElements()) {
        QStringList values;
        for (const auto &[arm, path] : arms)
            if (const QString v = elementOf(path, element); !values.contains(v))
                values << v;
        if (element == varies && values.size() < 2)
            warnings << u"The arms do not differ in the %1: every arm goes through %2."_s.arg(
                label(element), values.value(0).isEmpty() ? u"none"_s : values.value(0));
        else if (element != varies && values.size() > 1
                 && !(varies == u"nic"_s && element == u"cable"_s) // another NIC has its own cable
                 && !(varies == u"host"_s && element != u"switch"_s))
            alsoDiffer << u"%1 (%2)"_s.arg(label(element), values.join(u" / "_s));
    }
    if (!alsoDiffer.isEmpty())
        warnings << u"Besides the %1, the arms differ in the %2: a verdict is about the whole path each arm takes."_s
                        .arg(label(varies), alsoDiffer.join(u" and "_s));
    return warnings;
}

std::optional<QJsonObject> expandExperiment(const QJsonObject &plan, QString *error)
{
    if (!plan.contains(u"experiment"_s))
        return plan;
    const QString at = u"experiment"_s;
    const QJsonValue ev = plan.value(at);
    if (!ev.isObject()) {
        fail(error, at, u"must be an object with question, varies, arms and rounds"_s);
        return std::nullopt;
    }
    const QJsonObject e = ev.toObject();
    for (auto it = e.begin(); it != e.end(); ++it)
        if (!QStringList{u"question"_s, u"varies"_s, u"arms"_s, u"rounds"_s}.contains(it.key())) {
            fail(error, at + u'.' + it.key(), u"unknown field; an experiment has question, varies, arms and rounds"_s);
            return std::nullopt;
        }
    const QString question = e.value(u"question"_s).toString().trimmed();
    if (question.isEmpty() || question.size() > 500) {
        fail(error, at + u".question"_s, u"say what the experiment asks, in at most 500 characters"_s);
        return std::nullopt;
    }
    const QString varies = e.value(u"varies"_s).toString();
    if (!experimentElements().contains(varies)) {
        fail(error, at + u".varies"_s,
             u"'%1' is not an element an experiment varies; use one of %2"_s.arg(varies, experimentElements().join(u", "_s)));
        return std::nullopt;
    }
    const QJsonValue roundsValue = e.value(u"rounds"_s);
    const double roundsNumber = roundsValue.isUndefined() ? 3 : roundsValue.toDouble(-1);
    if (roundsNumber != std::floor(roundsNumber) || roundsNumber < 1 || roundsNumber > kMaxRounds) {
        fail(error, at + u".rounds"_s, u"must be a whole number from 1 to %1 (default 3)"_s.arg(kMaxRounds));
        return std::nullopt;
    }
    const int rounds = int(roundsNumber);
    const QJsonArray arms = e.value(u"arms"_s).toArray();
    if (arms.size() < 2 || arms.size() > kMaxArms) {
        fail(error, at + u".arms"_s, u"an experiment compares 2 to %1 arms"_s.arg(kMaxArms));
        return std::nullopt;
    }
    QSet<QString> names;
    for (qsizetype i = 0; i < arms.size(); ++i) {
        const QString path = at + u".arms[%1]"_s.arg(i);
        const QJsonObject arm = arms.at(i).toObject();
        const QString name = arm.value(u"name"_s).toString().trimmed();
        if (name.isEmpty() || name.size() > 100) {
            fail(error, path + u".name"_s, u"each arm needs a name of at most 100 characters (what it stands for, e.g. the switch)"_s);
            return std::nullopt;
        }
        if (names.contains(name)) {
            fail(error, path + u".name"_s, u"'%1' names two arms"_s.arg(name));
            return std::nullopt;
        }
        names.insert(name);
        for (const QString &end : {u"client"_s, u"server"_s})
            if (!arm.contains(end)) {
                fail(error, path + u'.' + end, u"each arm names its client and server endpoints"_s);
                return std::nullopt;
            }
    }
    const QJsonArray tests = plan.value(u"tests"_s).toArray();
    if (tests.isEmpty()) {
        fail(error, u"tests"_s, u"an experiment runs the plan's tests over each arm; name at least one"_s);
        return std::nullopt;
    }
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const QJsonObject t = tests.at(i).toObject();
        for (const QString &field : {u"client"_s, u"server"_s, u"matrix"_s, u"experiment"_s})
            if (t.contains(field)) {
                fail(error, u"tests[%1].%2"_s.arg(i).arg(field),
                     u"in an experiment the arms give the endpoints; leave it out"_s);
                return std::nullopt;
            }
    }

    // Round by round, each test over every arm in turn: A B A B ...
    QJsonArray expanded;
    for (int round = 1; round <= rounds; ++round) {
        for (const QJsonValue &tv : tests) {
            const QJsonObject t = tv.toObject();
            const QString testName = t.value(u"name"_s).toString(t.value(u"kind"_s).toString());
            for (const QJsonValue &av : arms) {
                const QJsonObject arm = av.toObject();
                const QString armName = arm.value(u"name"_s).toString().trimmed();
                QJsonObject c = t;
                c.insert(u"name"_s, u"%1 · %2 · round %3"_s.arg(testName, armName).arg(round));
                c.insert(u"client"_s, arm.value(u"client"_s));
                c.insert(u"server"_s, arm.value(u"server"_s));
                c.insert(u"experiment"_s, QJsonObject{{u"question"_s, question},
                                                      {u"varies"_s, varies},
                                                      {u"arm"_s, armName},
                                                      {u"test"_s, testName},
                                                      {u"round"_s, round},
                                                      {u"rounds"_s, rounds}});
                expanded.append(c);
            }
        }
    }
    QJsonObject out = plan;
    out.remove(u"experiment"_s);
    out.insert(u"tests"_s, expanded);
    return out;
}

} // namespace wb
