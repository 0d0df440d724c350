// SPDX-License-Identifier: GPL-3.0-or-later
// NIC counters are measurements the user sees without reading JSON: a run
// whose server NIC dropped frames shows the warning and the counter on the
// Results page (the words the run was stored with, as the recorder writes
// them: tst_planrecorder, and end to end in the namespace lab:
// tst_datanetlab nicDropsAreARunWarning), and Compare plots the counter as
// a metric of its own, one bar per host pair, in counts.

#include "analysis/storecomparisonprovider.h"
#include "../core/storeservicefixture.h"
#include "chartview.h"
#include "comparepage.h"
#include "config/settings.h"
#include "resultspage.h"
#include "rundetailview.h"
#include "runlistmodel.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstNicFigures : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void resultsShowTheDropsAndTheWarning();
    void compareDrawsTheCounter();

private:
    QTemporaryDir m_dir;
    QString m_db;
    QList<qint64> m_ids; // a clean run, then the one with drops
};

namespace {

const QString kWarning = u"server zeus (eth0): the NIC counted 120 receive drops during the test; "
                         "frames were lost or damaged below the sockets"_s;

wb::StoredRun udpRun(const QString &client, double drops, int minutesAgo)
{
    wb::StoredRun r;
    r.plan = u"nic"_s;
    r.testCase = u"udp"_s;
    r.clientEndpoint = client + u"/eth0"_s;
    r.serverEndpoint = u"zeus/eth0"_s;
    r.startedAt = QDateTime::currentDateTimeUtc().addSecs(-60 * minutesAgo);
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, 1472);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, 90e6);
    for (const QString &side : {u"client"_s, u"server"_s}) {
        r.record.addMetric(u"nic_rx_dropped"_s, side, side == u"server"_s ? drops : 0);
        r.record.addMetric(u"nic_rx_errors"_s, side, 0);
    }
    if (drops > 0)
        r.record.extra.insert(u"warnings"_s, QJsonArray{kWarning});
    return r;
}

} // namespace

void TstNicFigures::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(u"nic.sqlite"_s);
    auto store = wb::ResultStore::open(m_db);
    QVERIFY2(store, qPrintable(store.message()));
    auto saved = (*store)->runs().saveRuns({udpRun(u"adam"_s, 0, 5), udpRun(u"star"_s, 120, 2)});
    QVERIFY2(saved, qPrintable(saved.message()));
    m_ids = *saved;
}

void TstNicFigures::resultsShowTheDropsAndTheWarning()
{
    wb::Settings settings;
    settings.setViewState(wb::Settings::ViewState::ResultsHeader, {});
    wb::gui::ResultsPage page(settings);
    page.resize(1200, 800);
    page.show();
    auto service = std::make_shared<wb::StoreService>(m_db);
    service->start();
    page.setStore(service);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 2, 10000);
    auto *summary = page.findChild<QLabel *>(u"runSummary"_s);
    auto *metrics = page.findChild<QTableWidget *>(u"runMetrics"_s);
    QVERIFY(summary && metrics);
    auto select = [&](qint64 id) {
        for (int r = 0; r < page.model()->rowCount(); ++r)
            if (page.model()->row(r).id == id)
                page.table()->selectRow(r);
    };
    // The run with drops: the warning in words, and the counter among its metrics.
    select(m_ids[1]);
    QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains(u"star/eth0"_s), 10000);
    QVERIFY2(summary->text().contains(u"⚠ "_s + kWarning.toHtmlEscaped()), qPrintable(summary->text()));
    auto rowOf = [&](const QString &label, const QString &side) {
        for (int r = 0; r < metrics->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < metrics->columnCount(); ++c)
                cells << (metrics->item(r, c) ? metrics->item(r, c)->text() : QString());
            if (cells.join(u'|').contains(label) && cells.contains(side))
                return cells;
        }
        return QStringList();
    };
    const QStringList drops = rowOf(u"NIC receive drops"_s, u"server"_s);
    QVERIFY2(!drops.isEmpty(), "no NIC receive drops row for the server");
    QVERIFY2(drops.join(u'|').contains(u"120"_s), qPrintable(drops.join(u'|')));
    // The clean run: the counters are there (zero), no warning.
    select(m_ids[0]);
    QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains(u"adam/eth0"_s), 10000);
    QVERIFY2(!summary->text().contains(u"⚠"_s), qPrintable(summary->text()));
    const QStringList clean = rowOf(u"NIC receive drops"_s, u"server"_s);
    QVERIFY2(!clean.isEmpty() && !clean.join(u'|').contains(u"120"_s), qPrintable(clean.join(u'|')));
}

void TstNicFigures::compareDrawsTheCounter()
{
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    wb::gui::ComparePage page;
    QSignalSpy built(&page, &wb::gui::ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QTRY_VERIFY_WITH_TIMEOUT(built.count() >= 1 && !page.isBuilding(), 15000);
    wb::ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    f.metric = u"nic_rx_dropped"_s;
    page.setFilter(f);
    QTRY_VERIFY_WITH_TIMEOUT(built.count() >= 2 && !page.isBuilding(), 15000);
    auto *metric = page.findChild<QComboBox *>(u"metricSelector"_s);
    QVERIFY(metric->findData(u"nic_rx_dropped"_s) >= 0);
    QCOMPARE(page.data().metric, u"nic_rx_dropped"_s);
    QCOMPARE(page.data().unit, u"count"_s);
    // One bar per host pair: 120 for star → zeus, 0 for adam → zeus; never pooled.
    QMap<QString, double> byCell;
    for (const wb::EngineCell &c : page.view().cells)
        if (!c.baseline)
            byCell.insert(c.category, c.values.value(0, -1));
    QCOMPARE(byCell.value(u"star → zeus"_s, -1), 120.0);
    QCOMPARE(byCell.value(u"adam → zeus"_s, -1), 0.0);
    // What the chart plotted, as its text alternative has it.
    const wb::charts::PlottedTable plotted = page.chartView()->content().plotted();
    bool found = false;
    for (const QStringList &row : plotted.rows)
        found = found || (row.join(u'|').contains(u"star → zeus"_s) && row.join(u'|').contains(u"120"_s));
    QVERIFY2(found, "the chart did not plot the 120 drops");
    QVERIFY2(page.chartView()->content().caption.contains(u"NIC receive drops"_s),
             qPrintable(page.chartView()->content().caption));
}

QTEST_MAIN(TstNicFigures)
#include "tst_nicfigures.moc"
