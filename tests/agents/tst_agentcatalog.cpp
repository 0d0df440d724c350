// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's metric table against the golden catalog file the core's
// tests read too: every name the agent may report is canonical, in the
// catalog's unit.

#include "testrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

class TestAgentCatalog : public QObject
{
    Q_OBJECT

private slots:
    void agentUnitsAreCanonical()
    {
        QFile f(QStringLiteral(WB_TEST_DATA_DIR "/metric-catalog.json"));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QMap<QString, QString> golden;
        for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).object().value(u"metrics"_s).toArray())
            golden.insert(v.toObject().value(u"name"_s).toString(), v.toObject().value(u"unit"_s).toString());
        QVERIFY(golden.size() > 20);

        const auto units = wb::agent::TestRun::metricUnits();
        QVERIFY(units.size() > 10);
        QSet<QString> seen;
        for (const auto &[name, unit] : units) {
            const QString n = QString::fromStdString(name);
            QVERIFY2(!seen.contains(n), qPrintable(u"listed twice: "_s + n));
            seen.insert(n);
            QVERIFY2(golden.contains(n), qPrintable(u"not in the catalog: "_s + n));
            QCOMPARE(QString::fromStdString(unit), golden.value(n));
            QCOMPARE(QString::fromUtf8(wb::agent::TestRun::unitFor(name)), golden.value(n));
        }
        QVERIFY(!wb::agent::TestRun::unitFor("no_such_metric"));
    }
};

QTEST_GUILESS_MAIN(TestAgentCatalog)
#include "tst_agentcatalog.moc"
