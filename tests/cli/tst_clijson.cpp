// SPDX-License-Identifier: GPL-3.0-or-later
// One --json shape for every command: each line a command prints on
// standard output under --json is one JSON object with a "type". Every
// command whose help lists --json is run here on a real database (runs made
// by the real agent over loopback, the shipped baselines, a lab file), and
// the test fails when one is left out.

#include "clitestrun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using wb::test::CliRun;

namespace {

const QString kLab = QStringLiteral(WB_TEST_DATA_DIR "/store/lab_small.json");
const QString kSeed = QStringLiteral(WB_TEST_DATA_DIR "/seeds/000_f12b096113c81937.txt");

} // namespace

class TstCliJson : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void everyLineIsATypedObject();

private:
    // Runs `args` with --json; checks each stdout line; returns the lines.
    QList<QJsonObject> json(const QString &command, const QStringList &args, int expectedCode = 0);
    QTemporaryDir m_home;
    QString m_db;
    QSet<QString> m_covered;
    QStringList m_wrongExits;
};

void TstCliJson::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_db = m_home.filePath(u"j.sqlite"_s);
}

QList<QJsonObject> TstCliJson::json(const QString &command, const QStringList &args, int expectedCode)
{
    QStringList all{u"--db"_s, m_db};
    all += command.split(u' ');
    all += args;
    all << u"--json"_s;
    const CliRun r = wb::test::runCli(all, m_home.path(), QByteArray(""), 120000);
    m_covered.insert(command);
    if (r.code != expectedCode)
        m_wrongExits << u"%1: exit %2, expected %3: %4"_s.arg(all.join(u' ')).arg(r.code).arg(expectedCode).arg(r.err);
    QList<QJsonObject> objects;
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts)) {
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &e);
        if (e.error != QJsonParseError::NoError || !doc.isObject()) {
            qWarning("%s: not a JSON object: %s", qPrintable(command), qPrintable(line));
            return {};
        }
        if (doc.object().value(u"type"_s).toString().isEmpty()) {
            qWarning("%s: no \"type\": %s", qPrintable(command), qPrintable(line));
            return {};
        }
        objects.append(doc.object());
    }
    return objects;
}

namespace {

QStringList typesOf(const QList<QJsonObject> &lines)
{
    QStringList types;
    for (const QJsonObject &o : lines)
        if (!types.contains(o.value(u"type"_s).toString()))
            types << o.value(u"type"_s).toString();
    return types;
}

} // namespace

void TstCliJson::everyLineIsATypedObject()
{
    const QString plan = m_home.filePath(u"p.json"_s);
    {
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"name":"json","hosts":{"a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"}},
                  "tests":[{"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
                           {"name":"rr again","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3}]})");
    }
    const QString hostsFile = m_home.filePath(u"hosts.json"_s);
    {
        QFile f(hostsFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"hosts":{"a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"}}})");
    }

    // What a person does first: the lab, a run, the results.
    QCOMPARE(typesOf(json(u"inventory import"_s, {kLab})), QStringList{u"inventory_import"_s});
    const QList<QJsonObject> cases = json(u"run"_s, {plan});
    QCOMPARE(typesOf(cases), QStringList{u"case"_s});
    QCOMPARE(cases.size(), 2);
    QCOMPARE(cases.first().value(u"status"_s).toString(), u"finished"_s);
    const QList<QJsonObject> runs = json(u"runs list"_s, {});
    QCOMPARE(typesOf(runs), QStringList{u"run"_s});
    QCOMPARE(runs.size(), 2);
    const QString runId = QString::number(runs.first().value(u"id"_s).toInteger());
    QCOMPARE(typesOf(json(u"runs show"_s, {runId})), QStringList{u"run"_s});
    QCOMPARE(typesOf(json(u"runs tag"_s, {runId, u"json"_s})), QStringList{u"tags"_s});
    QCOMPARE(typesOf(json(u"runs untag"_s, {runId, u"json"_s})), QStringList{u"tags"_s});
    QCOMPARE(typesOf(json(u"runs note"_s, {runId, u"a note"_s})), QStringList{u"note"_s});
    const QStringList compared = typesOf(json(u"compare"_s, {u"--kind"_s, u"tcp_rr"_s}));
    QVERIFY2(compared.startsWith(u"comparison"_s) && compared.contains(u"group"_s), qPrintable(compared.join(u' ')));
    const QStringList history = typesOf(json(u"history"_s, {u"--host-pair"_s, u"a,b"_s, u"--kind"_s, u"tcp_rr"_s}));
    QVERIFY2(history.contains(u"history"_s) && history.contains(u"point"_s), qPrintable(history.join(u' ')));
    QVERIFY(typesOf(json(u"regressions"_s, {})).contains(u"summary"_s));
    // A tcp_rr run has no drops timeline: refused, and nothing but JSON on stdout.
    QVERIFY(json(u"drops"_s, {runId}, 1).isEmpty());

    // Baselines: the shipped ones.
    const QList<QJsonObject> baselines = json(u"baselines list"_s, {});
    QVERIFY(baselines.size() > 20);
    QCOMPARE(typesOf(baselines), QStringList{u"baseline"_s});
    const QString key = baselines.first().value(u"key"_s).toString();
    QCOMPARE(typesOf(json(u"baselines show"_s, {key})), QStringList{u"baseline"_s});
    QCOMPARE(typesOf(json(u"baselines tag"_s, {key, u"json"_s})), QStringList{u"tags"_s});
    QCOMPARE(typesOf(json(u"baselines untag"_s, {key, u"json"_s})), QStringList{u"tags"_s});
    QCOMPARE(typesOf(json(u"baselines note"_s, {key, u"a note"_s})), QStringList{u"note"_s});

    // Import, the database, the inventory.
    QCOMPARE(typesOf(json(u"import"_s, {u"--dry-run"_s, kSeed})), QStringList{u"record"_s});
    QCOMPARE(typesOf(json(u"import"_s, {kSeed})), (QStringList{u"stored"_s, u"record"_s}));
    const QList<QJsonObject> info = json(u"db info"_s, {u"--check"_s});
    QCOMPARE(typesOf(info), QStringList{u"database"_s});
    const QString archive = m_home.filePath(u"archive.json"_s);
    QCOMPARE(wb::test::runCli({u"--db"_s, m_db, u"db"_s, u"export"_s, u"-o"_s, archive}, m_home.path()).code, 0);
    QCOMPARE(typesOf(json(u"db import"_s, {archive})), QStringList{u"archive_import"_s});
    const QList<QJsonObject> copied =
        json(u"db copy"_s, {u"--from"_s, m_db, u"--to"_s, m_home.filePath(u"copy.sqlite"_s)});
    QCOMPARE(typesOf(copied), QStringList{u"copy"_s});
    QCOMPARE(copied.first().value(u"runs_added"_s).toInt(), info.first().value(u"runs"_s).toInt());
    QCOMPARE(typesOf(json(u"inventory path"_s, {u"alpha/eth0"_s, u"beta/eth0"_s})), QStringList{u"path"_s});
    QCOMPARE(typesOf(json(u"inventory discover"_s, {u"localhost"_s, u"--local"_s})), QStringList{u"host"_s});
    QCOMPARE(typesOf(json(u"agents check"_s, {})), QStringList{u"agent"_s});

    // An experiment, as a plan only and run.
    const QStringList experiment{u"--question"_s, u"q"_s, u"--varies"_s, u"host"_s, u"--arm"_s, u"one=a>b"_s,
                                 u"--arm"_s, u"two=a>c"_s, u"--test"_s, u"tcp_rr:duration_s=0.2"_s,
                                 u"--rounds"_s, u"1"_s, u"--hosts"_s, hostsFile};
    QCOMPARE(typesOf(json(u"experiment"_s, experiment + QStringList{u"--dry-run"_s})), QStringList{u"plan"_s});
    const QStringList ran = typesOf(json(u"experiment"_s, experiment));
    QVERIFY2(ran.contains(u"case"_s) && ran.contains(u"comparison"_s), qPrintable(ran.join(u' ')));

    // Schedules, in the test's own home; where no user manager answers the
    // timer is written but not enabled, and the line says so.
    const QList<QJsonObject> added = json(u"schedule add"_s, {plan, u"--every"_s, u"6h"_s, u"--name"_s, u"j"_s});
    QCOMPARE(typesOf(added), QStringList{u"schedule"_s});
    QVERIFY(added.first().contains(u"enabled"_s));
    QCOMPARE(typesOf(json(u"schedule list"_s, {})), QStringList{u"schedule"_s});
    QCOMPARE(typesOf(json(u"schedule run-now"_s, {u"j"_s})), QStringList{u"case"_s});
    QCOMPARE(typesOf(json(u"schedule remove"_s, {u"j"_s})), QStringList{u"schedule_removed"_s});

    // Where the keychain or an SSH server is missing, nothing but JSON
    // reaches standard output either (tests/integration runs them for real).
    const CliRun forget = wb::test::runCli({u"--json"_s, u"hosts"_s, u"forget-password"_s, u"u@h:22"_s}, m_home.path());
    m_covered.insert(u"hosts forget-password"_s);
    QVERIFY2(forget.out.isEmpty() || QJsonDocument::fromJson(forget.out.toUtf8()).object().contains(u"type"_s),
             qPrintable(forget.out));
    QVERIFY(json(u"hosts check"_s, {u"--port"_s, u"1"_s, u"127.0.0.1"_s}, 1).size() == 1);

    const QList<QJsonObject> deleted = json(u"runs delete"_s, {u"--yes"_s, runId});
    QCOMPARE(typesOf(deleted), QStringList{u"deleted"_s});
    QCOMPARE(deleted.first().value(u"count"_s).toInt(), 1);
    QVERIFY2(m_wrongExits.isEmpty(), qPrintable(m_wrongExits.join(u'\n')));

    // Every command that takes --json was run above.
    for (const QString &c : wb::test::listedCommands()) {
        const CliRun help = wb::test::runCli(c.split(u' ') + QStringList{u"--help"_s});
        bool takesJson = false;
        for (const auto &o : wb::test::helpOptions(help.out))
            takesJson |= o.name == u"--json"_s;
        if (takesJson)
            QVERIFY2(m_covered.contains(c), qPrintable(c + u" takes --json and is not checked here"_s));
    }
}

QTEST_GUILESS_MAIN(TstCliJson)
#include "tst_clijson.moc"
