// SPDX-License-Identifier: GPL-3.0-or-later
// An A/B experiment as a plan: its tests over every arm, interleaved round
// by round, each case knowing its arm; bad experiments refused with the
// JSON path of the problem.

#include "inventory/inventory.h"
#include "run/experiment.h"
#include "run/plan.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

class TstExperiment : public QObject
{
    Q_OBJECT

    static QJsonObject plan()
    {
        const QJsonObject hosts{{u"star"_s, QJsonObject{{u"transport"_s, u"local"_s}}},
                                {u"zeus"_s, QJsonObject{{u"transport"_s, u"local"_s}}}};
        const QJsonArray arms{
            QJsonObject{{u"name"_s, u"FS108"_s},
                        {u"client"_s, QJsonObject{{u"host"_s, u"star"_s}, {u"nic"_s, u"eth0"_s}}},
                        {u"server"_s, QJsonObject{{u"host"_s, u"zeus"_s}, {u"nic"_s, u"eth0"_s}, {u"address"_s, u"10.1.0.2"_s}}}},
            QJsonObject{{u"name"_s, u"Catalyst 5000"_s},
                        {u"client"_s, QJsonObject{{u"host"_s, u"star"_s}, {u"nic"_s, u"eth1"_s}}},
                        {u"server"_s, QJsonObject{{u"host"_s, u"zeus"_s}, {u"nic"_s, u"eth1"_s}, {u"address"_s, u"10.2.0.2"_s}}}}};
        const QJsonArray tests{
            QJsonObject{{u"name"_s, u"TCP"_s}, {u"kind"_s, u"tcp_stream"_s}},
            QJsonObject{{u"name"_s, u"UDP"_s}, {u"kind"_s, u"udp_stream"_s}, {u"params"_s, QJsonObject{{u"message_size_bytes"_s, 1472}}}}};
        return QJsonObject{{u"name"_s, u"switch A/B"_s},
                           {u"hosts"_s, hosts},
                           {u"experiment"_s, QJsonObject{{u"question"_s, u"Is the FS108 as good as the Catalyst 5000?"_s},
                                                         {u"varies"_s, u"switch"_s},
                                                         {u"arms"_s, arms},
                                                         {u"rounds"_s, 3}}},
                           {u"tests"_s, tests}};
    }

    static QJsonObject with(QJsonObject p, const QString &field, const QJsonValue &v)
    {
        QJsonObject e = p.value(u"experiment"_s).toObject();
        if (v.isUndefined())
            e.remove(field);
        else
            e.insert(field, v);
        p.insert(u"experiment"_s, e);
        return p;
    }

    // star and zeus with two NICs each; eth0s on fs108, eth1s on cat5000
    // (or, with `oneSwitch`, every NIC on fs108).
    static wb::Inventory twoSwitchLab(bool oneSwitch = false)
    {
        QJsonArray hosts, links, cables;
        for (const QString &h : {u"star"_s, u"zeus"_s}) {
            hosts.append(QJsonObject{{u"name"_s, h},
                                     {u"nics"_s, QJsonArray{QJsonObject{{u"interface"_s, u"eth0"_s}},
                                                            QJsonObject{{u"interface"_s, u"eth1"_s}}}}});
            int port = h == u"star"_s ? 1 : 2;
            for (const QString &i : {u"eth0"_s, u"eth1"_s}) {
                const QString cable = h + u'-' + i;
                cables.append(QJsonObject{{u"label"_s, cable}, {u"length_m"_s, 1}});
                const bool first = i == u"eth0"_s;
                links.append(QJsonObject{{u"nic"_s, h + u'/' + i},
                                         {u"cable"_s, cable},
                                         {u"switch"_s, first || oneSwitch ? u"fs108"_s : u"cat5000"_s},
                                         {u"port"_s, first || !oneSwitch ? port : port + 2}});
            }
        }
        const QJsonObject lab{{u"format"_s, u"wirebench-lab"_s},
                              {u"version"_s, 1},
                              {u"hosts"_s, hosts},
                              {u"switches"_s, QJsonArray{QJsonObject{{u"name"_s, u"fs108"_s}, {u"ports"_s, 8}},
                                                         QJsonObject{{u"name"_s, u"cat5000"_s}, {u"ports"_s, 24}}}},
                              {u"cables"_s, cables},
                              {u"links"_s, links}};
        QString error;
        const auto inv = wb::Inventory::fromJson(lab, u"lab"_s, &error);
        if (!inv)
            qFatal("lab: %s", qPrintable(error));
        return *inv;
    }

private slots:
    // Before a run, the Plans page says what the arms' paths make of the
    // question: the switch differs (as asked) but so do NIC and cable.
    void armPathsAreCheckedAgainstWhatTheyVary()
    {
        QString error;
        const auto p = wb::Plan::fromJson(plan(), &error);
        QVERIFY2(p, qPrintable(error));
        QStringList w = wb::experimentPathWarnings(*p, twoSwitchLab());
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.first().startsWith(u"Besides the switch, the arms differ in the NIC (star/eth0 → zeus/eth0 / "
                                      "star/eth1 → zeus/eth1) and cable"_s),
                 qPrintable(w.first()));
        // Both arms on one switch: the experiment does not vary what it says.
        w = wb::experimentPathWarnings(*p, twoSwitchLab(true));
        QVERIFY2(w.contains(u"The arms do not differ in the switch: every arm goes through fs108."_s),
                 qPrintable(w.join(u'|')));
        // Varying the NIC over one switch: exactly what is asked, nothing to say.
        const auto nicPlan = wb::Plan::fromJson(with(plan(), u"varies"_s, u"nic"_s), &error);
        QVERIFY2(nicPlan, qPrintable(error));
        QVERIFY2(wb::experimentPathWarnings(*nicPlan, twoSwitchLab(true)).isEmpty(),
                 qPrintable(wb::experimentPathWarnings(*nicPlan, twoSwitchLab(true)).join(u'|')));
        // An arm whose NIC the inventory lacks is named.
        wb::Inventory lab = twoSwitchLab();
        lab.links.removeIf([](const wb::Link &l) { return l.nicKey == u"zeus/eth1"_s; });
        w = wb::experimentPathWarnings(*p, lab);
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.first().startsWith(u"Arm Catalyst 5000: "_s) && w.first().contains(u"zeus/eth1"_s),
                 qPrintable(w.first()));
        // A plan without an experiment has nothing to check.
        QJsonObject plain = plan();
        plain.remove(u"experiment"_s);
        QJsonArray tests = plain.value(u"tests"_s).toArray();
        for (qsizetype i = 0; i < tests.size(); ++i) {
            QJsonObject t = tests.at(i).toObject();
            t.insert(u"client"_s, u"star"_s);
            t.insert(u"server"_s, u"zeus"_s);
            tests[i] = t;
        }
        plain.insert(u"tests"_s, tests);
        const auto plainPlan = wb::Plan::fromJson(plain, &error);
        QVERIFY2(plainPlan, qPrintable(error));
        QVERIFY(wb::experimentPathWarnings(*plainPlan, twoSwitchLab()).isEmpty());
    }

    void interleavesArmsRoundByRound()
    {
        QString error;
        const auto p = wb::Plan::fromJson(plan(), &error);
        QVERIFY2(p, qPrintable(error));
        // 3 rounds x 2 tests x 2 arms, in the order A B A B.
        QCOMPARE(p->cases.size(), 12);
        QStringList arms, tests;
        for (const wb::TestCase &c : p->cases) {
            arms << c.experiment.value(u"arm"_s).toString();
            tests << c.experiment.value(u"test"_s).toString();
            QCOMPARE(c.experiment.value(u"varies"_s).toString(), u"switch"_s);
            QCOMPARE(c.experiment.value(u"rounds"_s).toInt(), 3);
            QCOMPARE(c.repetitions.maxIterations, 1);
        }
        QCOMPARE(arms.mid(0, 4), (QStringList{u"FS108"_s, u"Catalyst 5000"_s, u"FS108"_s, u"Catalyst 5000"_s}));
        QCOMPARE(tests.mid(0, 4), (QStringList{u"TCP"_s, u"TCP"_s, u"UDP"_s, u"UDP"_s}));
        QCOMPARE(p->cases[4].experiment.value(u"round"_s).toInt(), 2);
        QCOMPARE(p->cases[11].experiment.value(u"round"_s).toInt(), 3);
        // Each arm's endpoints, and one key per case (a resume finds each).
        QCOMPARE(p->cases[1].client.nic, u"eth1"_s);
        QCOMPARE(p->cases[1].server.address, u"10.2.0.2"_s);
        QCOMPARE(p->cases[0].server.address, u"10.1.0.2"_s);
        QSet<QString> keys;
        for (const wb::TestCase &c : p->cases)
            keys.insert(c.key);
        QCOMPARE(keys.size(), 12);
        QCOMPARE(p->cases[2].params.value(u"message_size_bytes"_s).toInt(), 1472);
        // What was written is what the runs keep.
        QVERIFY(p->source.contains(u"experiment"_s));
        QCOMPARE(p->source.value(u"tests"_s).toArray().size(), 2);
        QCOMPARE(p->experiment.value(u"question"_s).toString(), u"Is the FS108 as good as the Catalyst 5000?"_s);
    }

    void refusesWhatCannotBeAnExperiment_data()
    {
        QTest::addColumn<QJsonObject>("json");
        QTest::addColumn<QString>("where");
        QJsonObject one = plan();
        QJsonObject e = one.value(u"experiment"_s).toObject();
        e.insert(u"arms"_s, QJsonArray{e.value(u"arms"_s).toArray().at(0)});
        one.insert(u"experiment"_s, e);
        QTest::newRow("one arm") << one << u"experiment.arms:"_s;
        QJsonObject twins = plan();
        e = twins.value(u"experiment"_s).toObject();
        QJsonArray a = e.value(u"arms"_s).toArray();
        QJsonObject second = a.at(1).toObject();
        second.insert(u"name"_s, u"FS108"_s);
        a.replace(1, second);
        e.insert(u"arms"_s, a);
        twins.insert(u"experiment"_s, e);
        QTest::newRow("two arms one name") << twins << u"experiment.arms[1].name:"_s;
        QTest::newRow("varies nothing known") << with(plan(), u"varies"_s, u"weather"_s) << u"experiment.varies:"_s;
        QTest::newRow("no question") << with(plan(), u"question"_s, QJsonValue::Undefined) << u"experiment.question:"_s;
        QTest::newRow("zero rounds") << with(plan(), u"rounds"_s, 0) << u"experiment.rounds:"_s;
        QTest::newRow("half a round") << with(plan(), u"rounds"_s, 1.5) << u"experiment.rounds:"_s;
        QTest::newRow("unknown field") << with(plan(), u"seed"_s, 1) << u"experiment.seed:"_s;
        QJsonObject endpoints = plan();
        QJsonArray tests = endpoints.value(u"tests"_s).toArray();
        QJsonObject t = tests.at(1).toObject();
        t.insert(u"client"_s, u"star"_s);
        tests.replace(1, t);
        endpoints.insert(u"tests"_s, tests);
        QTest::newRow("test with its own client") << endpoints << u"tests[1].client:"_s;
        // A bad parameter in the second test is named at the test as
        // written, not at its copy for an arm and round.
        QJsonObject badParam = plan();
        tests = badParam.value(u"tests"_s).toArray();
        t = tests.at(1).toObject();
        t.insert(u"params"_s, QJsonObject{{u"message_size_bytes"_s, 70000}});
        tests.replace(1, t);
        badParam.insert(u"tests"_s, tests);
        QTest::newRow("bad parameter") << badParam << u"tests[1].params.message_size_bytes"_s;
    }

    void refusesWhatCannotBeAnExperiment()
    {
        QFETCH(QJsonObject, json);
        QFETCH(QString, where);
        QString error;
        QVERIFY(!wb::Plan::fromJson(json, &error));
        QVERIFY2(error.contains(where), qPrintable(error));
    }

    void unknownHostNamedAtItsArm()
    {
        // Hosts may come from the inventory, which decides later: the
        // reference to an unknown one points at the arm, not at a copy.
        QJsonObject p = plan();
        QJsonObject e = p.value(u"experiment"_s).toObject();
        QJsonArray a = e.value(u"arms"_s).toArray();
        QJsonObject second = a.at(1).toObject();
        second.insert(u"server"_s, u"mira"_s);
        a.replace(1, second);
        e.insert(u"arms"_s, a);
        p.insert(u"experiment"_s, e);
        QString error;
        const auto loaded = wb::Plan::fromJson(p, &error);
        QVERIFY2(loaded, qPrintable(error));
        const wb::HostReference *unknown = loaded->firstUnknownHost();
        QVERIFY(unknown);
        QCOMPARE(unknown->host, u"mira"_s);
        QCOMPARE(unknown->path, u"experiment.arms[1].server"_s);
    }

    void aTestCannotClaimAnArm()
    {
        // Only the plan's experiment field sets a case's arm.
        QJsonObject p = plan();
        p.remove(u"experiment"_s);
        QJsonArray tests = p.value(u"tests"_s).toArray();
        QJsonObject t = tests.at(0).toObject();
        t.insert(u"client"_s, u"star"_s);
        t.insert(u"server"_s, u"zeus"_s);
        t.insert(u"experiment"_s, QJsonObject{{u"arm"_s, u"FS108"_s}});
        tests = QJsonArray{t};
        p.insert(u"tests"_s, tests);
        QString error;
        QVERIFY(!wb::Plan::fromJson(p, &error));
        QVERIFY2(error.startsWith(u"tests[0].experiment:"_s), qPrintable(error));
    }

    void planWithoutExperimentIsUnchanged()
    {
        QJsonObject p = plan();
        p.remove(u"experiment"_s);
        QCOMPARE(*wb::expandExperiment(p, nullptr), p);
    }
};

QTEST_GUILESS_MAIN(TstExperiment)
#include "tst_experiment.moc"
