// SPDX-License-Identifier: GPL-3.0-or-later
// BaselineStore on a real file: importBaselines upserts by key (a larger set
// upgrades an older one without duplicates), the all_metrics view compares
// baselines and runs in one query, and baselines pin the inventory they name.

#include "storetestlab.h"

#include "store/baselinestore.h"
#include "storetestdb.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

class TstBaselineStore : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void upsertByKey();
    void rejectsBadSets();
    void comparableWithRuns();
    void pinsInventory();

private:
    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<wb::ResultStore> m_store;
};

static wb::Baseline baseline(const QString &key, double throughput)
{
    wb::Baseline b;
    b.key = key;
    b.citation = {u"UDP_STREAM through a Netgear FS108"_s, u"A. Lab"_s, u"1997-03"_s, u"seeds/000.txt"_s};
    b.hardwareText = u"2x Pentium Pro 200, DEC 21140, Netgear FS108"_s;
    b.hardware = QJsonObject{{u"switch"_s, u"FS108"_s}};
    b.record.kind = u"udp_stream"_s;
    b.record.tool = u"netperf"_s;
    b.record.toolVersion = u"2.1"_s;
    b.record.params = QJsonObject{{u"message_size_bytes"_s, 1472}};
    b.record.addMetric(u"throughput_bps"_s, u"server"_s, throughput);
    return b;
}

void TstBaselineStore::init()
{
    m_dir = new QTemporaryDir;
    auto s = wb::ResultStore::open(wbtest::databaseLocation(*m_dir, u"b.sqlite"_s));
    QVERIFY2(s.ok(), qPrintable(s.message()));
    m_store = std::move(*s);
}

void TstBaselineStore::cleanup()
{
    m_store.reset();
    delete m_dir;
}

void TstBaselineStore::upsertByKey()
{
    wb::BaselineStore &bs = m_store->baselines();
    auto first = bs.importBaselines({baseline(u"seed-000/a"_s, 9.4e7), baseline(u"seed-000/b"_s, 9.0e7)});
    QVERIFY2(first.ok(), qPrintable(first.message()));
    QCOMPARE(first->added, 2);
    auto same = bs.importBaselines({baseline(u"seed-000/a"_s, 9.4e7), baseline(u"seed-000/b"_s, 9.0e7)});
    QCOMPARE(same->unchanged, 2);
    QCOMPARE(same->added, 0);
    // A larger, corrected set: one changed, one new, none duplicated.
    auto bigger = bs.importBaselines(
        {baseline(u"seed-000/a"_s, 9.5e7), baseline(u"seed-000/b"_s, 9.0e7), baseline(u"seed-001/c"_s, 1e6)});
    QCOMPARE(bigger->added, 1);
    QCOMPARE(bigger->updated, 1);
    QCOMPARE(bigger->unchanged, 1);
    auto all = bs.baselines();
    QCOMPARE(all->size(), 3);
    auto a = bs.baseline(u"seed-000/a"_s);
    QCOMPARE(a->record.metric(u"throughput_bps"_s, u"server"_s).value(), 9.5e7);
    QCOMPARE(a->record.metrics.size(), 1);
    QCOMPARE(a->citation.date, u"1997-03"_s);
    QCOMPARE(a->hardware.value(u"switch"_s).toString(), u"FS108"_s);
    QCOMPARE(bs.baselines(u"tcp_rr"_s)->size(), 0);
    QVERIFY(bs.deleteBaseline(u"seed-001/c"_s).ok());
    QCOMPARE(bs.deleteBaseline(u"seed-001/c"_s).error().kind, wb::StoreError::Kind::NotFound);
    // JSON round trip of the struct.
    QString error;
    auto back = wb::Baseline::fromJson(a->toJson(), u"x"_s, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->record, a->record);
    QCOMPARE(back->citation, a->citation);
}

void TstBaselineStore::rejectsBadSets()
{
    wb::BaselineStore &bs = m_store->baselines();
    auto dup = bs.importBaselines({baseline(u"k"_s, 1), baseline(u"k"_s, 2)});
    QVERIFY(!dup.ok());
    QVERIFY(dup.message().contains(u"'k'"_s));
    wb::Baseline noKind = baseline(u"z"_s, 1);
    noKind.record.kind.clear();
    QVERIFY(!bs.importBaselines({baseline(u"ok"_s, 1), noKind}).ok());
    QCOMPARE(bs.baselines()->size(), 0); // all or nothing
}

void TstBaselineStore::comparableWithRuns()
{
    QVERIFY(m_store->baselines().importBaselines({baseline(u"seed/a"_s, 9.4e7)}).ok());
    wb::StoredRun r;
    r.record.kind = u"udp_stream"_s;
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, 9.6e7);
    QVERIFY(m_store->runs().saveRun(r).ok());
    QSqlQuery q(m_store->database());
    QVERIFY(q.exec(u"SELECT source, value FROM all_metrics WHERE kind = 'udp_stream' AND name = 'throughput_bps' "
                   "ORDER BY source"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"baseline"_s);
    QCOMPARE(q.value(1).toDouble(), 9.4e7);
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"run"_s);
    QCOMPARE(q.value(1).toDouble(), 9.6e7);
}

void TstBaselineStore::pinsInventory()
{
    QVERIFY(m_store->inventory().importInventory(testLab()).ok());
    wb::Baseline b = baseline(u"seed/pinned"_s, 1);
    b.objects = {{u"switch"_s, u"fs108"_s}, {u"cable"_s, u"not-in-lab"_s}};
    QVERIFY(m_store->baselines().importBaselines({b}).ok());
    auto refused = m_store->inventory().deleteSwitch(m_store->inventory().switchByName(u"fs108"_s)->id);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.message().contains(u"seed/pinned"_s), qPrintable(refused.message()));
    QCOMPARE(m_store->baselines().baseline(u"seed/pinned"_s)->objects.size(), 2);
}

QTEST_GUILESS_MAIN(TstBaselineStore)
#include "tst_baselinestore.moc"
