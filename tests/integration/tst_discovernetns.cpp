// SPDX-License-Identifier: GPL-3.0-or-later
// Discovery against real kernels' /sys, through the real agent: on this
// machine loopback (and whatever else has no device behind it) is left out
// and the rest comes sorted; inside a network namespace this test creates,
// a veth pair (named without "veth", so only its driver tells) is
// virtual, left out, and added only when asked. Needs root; run it as
// the other namespace tests, under `flock /tmp/wirebench-netns.lock`
// (it does not take the lock itself, so that such a run cannot wait on
// itself). Its namespace carries this process's PID and is deleted in
// cleanup, also when a test fails.

#include "agentprocess.h"

#include "inventory/nicdiscovery.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <cerrno>
#include <signal.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

bool ip(const QStringList &args, QString *output = nullptr)
{
    QProcess p;
    p.start(u"ip"_s, args);
    if (!p.waitForFinished(10000))
        return false;
    if (output)
        *output = QString::fromUtf8(p.readAllStandardOutput());
    if (p.exitCode() != 0)
        qWarning("ip %s: %s", qPrintable(args.join(u' ')), p.readAllStandardError().constData());
    return p.exitCode() == 0;
}

QJsonObject sysinfoOf(AgentProcess &agent)
{
    agent.send({{u"type"_s, u"sysinfo"_s}, {u"id"_s, 7}});
    return agent.waitFor(7, 10000);
}

QJsonObject interfaceNamed(const QJsonObject &sysinfo, const QString &name)
{
    for (const QJsonValue &v : sysinfo.value(u"interfaces"_s).toArray())
        if (v.toObject().value(u"name"_s).toString() == name)
            return v.toObject();
    return {};
}

QStringList names(const QList<wb::Nic> &nics)
{
    QStringList out;
    for (const wb::Nic &n : nics)
        out.append(n.interfaceName);
    return out;
}

} // namespace

class TstDiscoverNetns : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void thisMachine();
    void vethInNamespace();

private:
    void removeStaleNamespaces();
    QString m_ns, m_vethA, m_vethB;
    bool m_created = false;
};

void TstDiscoverNetns::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("network namespaces need root");
    removeStaleNamespaces();
    const QString pid = QString::number(::getpid());
    m_ns = u"wb"_s + pid + u"-nic"_s;
    m_vethA = u"wb"_s + pid + u"a"_s;
    m_vethB = u"wb"_s + pid + u"b"_s;
    QVERIFY(ip({u"netns"_s, u"add"_s, m_ns}));
    m_created = true;
    QVERIFY(ip({u"-n"_s, m_ns, u"link"_s, u"add"_s, m_vethA, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, m_vethB}));
    for (const QString &dev : {m_vethA, m_vethB, u"lo"_s})
        QVERIFY(ip({u"-n"_s, m_ns, u"link"_s, u"set"_s, dev, u"up"_s}));
}

void TstDiscoverNetns::cleanupTestCase()
{
    if (!m_created)
        return;
    ip({u"netns"_s, u"del"_s, m_ns}); // the veth pair goes with it
    QString list;
    ip({u"netns"_s, u"list"_s}, &list);
    QVERIFY(!list.contains(m_ns));
}

void TstDiscoverNetns::removeStaleNamespaces()
{
    // Namespaces of this test left by a process killed before its cleanup.
    QString list;
    ip({u"netns"_s, u"list"_s}, &list);
    for (const QString &line : list.split(u'\n', Qt::SkipEmptyParts)) {
        const QString name = line.section(u' ', 0, 0);
        if (!name.startsWith(u"wb"_s) || !name.endsWith(u"-nic"_s))
            continue;
        bool ok = false;
        const int pid = name.mid(2, name.size() - 6).toInt(&ok);
        if (ok && pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH)
            ip({u"netns"_s, u"del"_s, name});
    }
}

void TstDiscoverNetns::thisMachine()
{
    AgentProcess agent;
    QVERIFY(agent.start());
    const QJsonObject s = sysinfoOf(agent);
    QCOMPARE(s.value(u"type"_s).toString(), u"sysinfo"_s);
    const QJsonObject lo = interfaceNamed(s, u"lo"_s);
    QCOMPARE(lo.value(u"virtual"_s).toBool(), true);
    QCOMPARE(lo.value(u"virtual_kind"_s).toString(), u"loopback"_s);
    wb::Host base;
    base.name = u"here"_s;
    const auto d = wb::discoverFromSysinfo(s, base);
    QVERIFY(d.leftOut.contains(u"lo (loopback)"_s));
    // What is kept has a device behind it in /sys; it comes in natural order.
    for (const wb::Nic &n : d.nics)
        QVERIFY2(QFileInfo::exists(u"/sys/class/net/"_s + n.interfaceName + u"/device"_s), qPrintable(n.interfaceName));
    QStringList sorted = names(d.nics);
    std::sort(sorted.begin(), sorted.end(), wb::interfaceNameLess);
    QCOMPARE(names(d.nics), sorted);
    const auto all = wb::discoverFromSysinfo(s, base, {.includeVirtual = true});
    QCOMPARE(all.nics.size(), d.nics.size() + d.leftOut.size());
}

void TstDiscoverNetns::vethInNamespace()
{
    AgentProcess agent(m_ns);
    QVERIFY(agent.start());
    const QJsonObject s = sysinfoOf(agent);
    QCOMPARE(s.value(u"type"_s).toString(), u"sysinfo"_s);
    for (const QString &dev : {m_vethA, m_vethB}) {
        const QJsonObject i = interfaceNamed(s, dev);
        QVERIFY2(!i.isEmpty(), qPrintable(dev + u" is not in the namespace's sysinfo"_s));
        QCOMPARE(i.value(u"virtual"_s).toBool(), true);
        QCOMPARE(i.value(u"virtual_kind"_s).toString(), u"veth"_s); // from its driver, not its name
        QVERIFY(!i.value(u"mac"_s).toString().isEmpty());
    }
    QCOMPARE(s.value(u"interfaces"_s).toArray().size(), 3); // lo and the pair, nothing of the host's
    wb::Host base;
    base.name = u"ns-host"_s;
    const auto d = wb::discoverFromSysinfo(s, base);
    QVERIFY(d.nics.isEmpty());
    QCOMPARE(d.leftOut, (QStringList{u"lo (loopback)"_s, m_vethA + u" (veth)"_s, m_vethB + u" (veth)"_s}));
    const auto all = wb::discoverFromSysinfo(s, base, {.includeVirtual = true});
    QCOMPARE(names(all.nics), (QStringList{u"lo"_s, m_vethA, m_vethB}));
    QCOMPARE(all.links.at(1).virtualKind, u"veth"_s);
    QCOMPARE(all.nics.at(1).driver, u"veth"_s);
}

QTEST_GUILESS_MAIN(TstDiscoverNetns)
#include "tst_discovernetns.moc"
