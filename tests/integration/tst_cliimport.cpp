// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli import` as a user runs it: --dry-run --json prints one
// canonical record per result, damaged input exits 1 naming file and line,
// and nothing is stored without the results store.

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;

class TestCliImport : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    static Run cli(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral(WB_BIN_DIR) + u"/wirebench-cli"_s, args);
        Run r;
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitCode();
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    static QString data(const QString &name) { return QStringLiteral(WB_TEST_DATA_DIR) + u'/' + name; }

private slots:
    void dryRunJsonLines()
    {
        const Run r = cli({u"import"_s, u"--dry-run"_s, u"--json"_s, data(u"seeds/000_f12b096113c81937.txt"_s),
                           data(u"import/iperf3/udp_3.12.json"_s)});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 8); // 7 netperf results in the 1999 seed + 1 iperf3 test
        const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
        QCOMPARE(first.value(u"kind"_s).toString(), u"udp_stream"_s);
        QCOMPARE(first.value(u"tool"_s).toString(), u"netperf"_s);
        QVERIFY(first.contains(u"tool_version"_s));
        QCOMPARE(first.value(u"params"_s).toObject().value(u"message_size_bytes"_s).toDouble(), 1472.0);
        bool sawThroughput = false;
        for (const QJsonValue &m : first.value(u"metrics"_s).toArray()) {
            const QJsonObject o = m.toObject();
            if (o.value(u"name"_s).toString() == u"throughput_bps"_s && o.value(u"side"_s).toString() == u"client"_s) {
                QCOMPARE(o.value(u"unit"_s).toString(), u"bit/s"_s);
                QCOMPARE(o.value(u"value"_s).toDouble(), 95.07e6);
                sawThroughput = true;
            }
        }
        QVERIFY(sawThroughput);
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(last.value(u"tool"_s).toString(), u"iperf3"_s);
    }

    void damagedInputNamesFileAndLine()
    {
        const QString bad = data(u"import/netperf/bad_short_row.txt"_s);
        const Run r = cli({u"import"_s, u"--dry-run"_s, u"--json"_s, bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.trimmed().isEmpty());
        QVERIFY2(r.err.contains((bad + u":7:"_s).toUtf8()), r.err.constData());
        QVERIFY(r.err.contains("expected 5 numbers"));
    }

    void formatOptionIsChecked()
    {
        const Run wrong = cli({u"import"_s, u"--dry-run"_s, u"--format"_s, u"nuttcp"_s, data(u"import/csv/results.csv"_s)});
        QCOMPARE(wrong.exitCode, 2);
        // Forcing the wrong parser is an error about the content, not a crash.
        const Run forced = cli({u"import"_s, u"--dry-run"_s, u"--format=pktgen"_s, data(u"import/csv/results.csv"_s)});
        QCOMPARE(forced.exitCode, 1);
        QVERIFY(forced.err.contains("Result: OK"));
    }

    void baselineNeedsCitation()
    {
        const Run r = cli({u"import"_s, u"--dry-run"_s, u"--as-baseline"_s, data(u"import/csv/results.csv"_s)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--citation"));
        const Run ok = cli({u"import"_s, u"--dry-run"_s, u"--json"_s, u"--as-baseline"_s, u"--citation"_s,
                            u"Lab notebook 7, p. 12"_s, data(u"import/csv/results.csv"_s)});
        QCOMPARE(ok.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(ok.out.split('\n').first()).object();
        QCOMPARE(o.value(u"baseline"_s).toObject().value(u"citation"_s).toString(), u"Lab notebook 7, p. 12"_s);
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "tst_cliimport.moc"
