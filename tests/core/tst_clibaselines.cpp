// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli baselines list|show` on a real database file: the shipped
// baselines are listed with their citations, filters narrow the list and
// say how many of how many are shown, --json gives one typed line per
// baseline, and show finds one by key or id and refuses one that is not there.

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");

struct Result
{
    int code = -1;
    QString out;
    QString err;
};

Result cli(const QStringList &args)
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForFinished(30000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TstCliBaselines : public QObject
{
    Q_OBJECT
private slots:
    void listsShippedBaselinesWithCitations();
    void filtersNarrowTheList();
    void jsonLinesAreTyped();
    void showByKeyAndById();
    void showRefusesUnknown();

private:
    QTemporaryDir m_dir;
    QString db() const { return m_dir.filePath(u"b.sqlite"_s); }
};

void TstCliBaselines::listsShippedBaselinesWithCitations()
{
    const Result r = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(u"rodichev1997/ftp/zeus-torus/file"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Rodichev"_s), qPrintable(r.out)); // the citation, not a file name
    QVERIFY2(r.out.contains(u"ceiling/ethernet/10M/64B"_s), qPrintable(r.out));
}

void TstCliBaselines::filtersNarrowTheList()
{
    const Result all = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--json"_s});
    QCOMPARE(all.code, 0);
    const int total = int(all.out.trimmed().split(u'\n').size());
    QVERIFY(total > 20);

    const Result ftp = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--kind"_s, u"file_transfer"_s});
    QCOMPARE(ftp.code, 0);
    QVERIFY2(ftp.out.contains(u"rodichev1997/"_s), qPrintable(ftp.out));
    QVERIFY2(!ftp.out.contains(u"ceiling/"_s), qPrintable(ftp.out));

    // The count says what the filter kept of what the kind selected.
    const Result src = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--source"_s, u"OLSSON"_s});
    QCOMPARE(src.code, 0);
    QVERIFY2(src.out.contains(u"3 of %1 baseline(s)"_s.arg(total)), qPrintable(src.out));
    QVERIFY2(!src.out.contains(u"rodichev1997/"_s), qPrintable(src.out));

    // The hardware the source describes: Zeus's DEC 21140 Tulip NIC.
    const Result hw = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--hardware"_s, u"21140"_s});
    QCOMPARE(hw.code, 0);
    QVERIFY2(hw.out.contains(u"rodichev1997/ftp/zeus-torus/file"_s), qPrintable(hw.out));
    QVERIFY2(!hw.out.contains(u"ceiling/"_s), qPrintable(hw.out));

    const Result bad = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--kind"_s});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(u"--kind needs a value"_s), qPrintable(bad.err));
    const Result extra = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"stray"_s});
    QCOMPARE(extra.code, 2);
}

void TstCliBaselines::jsonLinesAreTyped()
{
    const Result r = cli({u"--db"_s, db(), u"baselines"_s, u"list"_s, u"--kind"_s, u"file_transfer"_s, u"--json"_s});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.trimmed().split(u'\n');
    QVERIFY(!lines.isEmpty());
    for (const QString &l : lines) {
        QJsonParseError e;
        const QJsonObject o = QJsonDocument::fromJson(l.toUtf8(), &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        QCOMPARE(o.value(u"type"_s).toString(), u"baseline"_s);
        QCOMPARE(o.value(u"kind"_s).toString(), u"file_transfer"_s);
        QVERIFY(o.value(u"id"_s).toDouble() > 0);
        QVERIFY(!o.value(u"citation"_s).toObject().value(u"title"_s).toString().isEmpty());
    }
}

void TstCliBaselines::showByKeyAndById()
{
    const QString key = u"rodichev1997/ftp/zeus-torus/file"_s;
    const Result byKey = cli({u"--db"_s, db(), u"baselines"_s, u"show"_s, key, u"--json"_s});
    QCOMPARE(byKey.code, 0);
    const QJsonObject o = QJsonDocument::fromJson(byKey.out.toUtf8()).object();
    QCOMPARE(o.value(u"key"_s).toString(), key);
    const qint64 id = qint64(o.value(u"id"_s).toDouble());
    QVERIFY(id > 0);

    const Result byId = cli({u"--db"_s, db(), u"baselines"_s, u"show"_s, QString::number(id)});
    QCOMPARE(byId.code, 0);
    QVERIFY2(byId.out.contains(key), qPrintable(byId.out));
    QVERIFY2(byId.out.contains(u"throughput_bps"_s), qPrintable(byId.out));
    QVERIFY2(byId.out.contains(u"source:"_s), qPrintable(byId.out));
}

void TstCliBaselines::showRefusesUnknown()
{
    const Result none = cli({u"--db"_s, db(), u"baselines"_s, u"show"_s, u"no/such/key"_s});
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains(u"no baseline no/such/key"_s), qPrintable(none.err));
    const Result badId = cli({u"--db"_s, db(), u"baselines"_s, u"show"_s, u"1e3"_s});
    QCOMPARE(badId.code, 2);
    const Result noArg = cli({u"--db"_s, db(), u"baselines"_s, u"show"_s});
    QCOMPARE(noArg.code, 2);
}

QTEST_GUILESS_MAIN(TstCliBaselines)
#include "tst_clibaselines.moc"
