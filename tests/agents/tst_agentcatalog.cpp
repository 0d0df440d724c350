// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's metric table against the golden catalog file the core's
// tests read too: every name the agent may report is canonical, in the
// catalog's unit.

#include "testparams.h"
#include "testrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
// Whether `kind` takes the JSON `params`; *error says why not (or that they do not parse).
bool validates(const QString &kind, const QByteArray &params, std::string *error)
{
    wb::json::ParseError perr;
    const auto given = wb::json::parse(params.toStdString(), &perr);
    if (!given) {
        *error = "the test's params do not parse: " + perr.message;
        return false;
    }
    wb::agent::TestParams out;
    return wb::agent::TestParams::validate(*wb::agent::kindParams(kind.toStdString()), *given, out, error);
}
} // namespace

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

    void agentDefaultsAreTheCatalogDefaults()
    {
        // A figure that does not state a defining parameter is taken at the
        // catalog's default: that must be what this agent runs when a plan
        // leaves the parameter out.
        QFile f(QStringLiteral(WB_TEST_DATA_DIR "/metric-catalog.json"));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        int checked = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).object().value(u"kinds"_s).toArray()) {
            const QJsonObject k = v.toObject();
            const std::string kind = k.value(u"name"_s).toString().toStdString();
            const std::vector<wb::agent::ParamSpec> *specs = wb::agent::kindParams(kind);
            // Kinds the agent does not run itself (the controller's rfc2544
            // search, forwarding through a device, imported-only kinds) have
            // no agent defaults to check.
            if (!specs)
                continue;
            for (const QJsonValue &pv : k.value(u"defining_parameters"_s).toArray()) {
                const QJsonObject p = pv.toObject();
                const std::string key = p.value(u"key"_s).toString().toStdString();
                const QString def = p.value(u"default"_s).toString();
                const QString where = QString::fromStdString(kind + "." + key);
                const wb::agent::ParamSpec *spec = nullptr;
                for (const wb::agent::ParamSpec &s : *specs)
                    if (key == s.name)
                        spec = &s;
                if (!p.value(u"agent_param"_s).toBool(true)) {
                    // The agent takes no such parameter: it always runs at
                    // the default. Once it takes one, the catalog must say so.
                    QVERIFY2(!spec, qPrintable(where + u": the agent takes it now; drop agent_param false"_s));
                    continue;
                }
                QVERIFY2(spec, qPrintable(where + u": the agent has no such parameter"_s));
                using T = wb::agent::ParamSpec::Type;
                QString agentDefault;
                if (spec->def.isNull()) {
                    // Not set: the system's own (socket knobs).
                    QVERIFY2(def == u"default"_s, qPrintable(where + u": agent sets none, catalog "_s + def));
                    ++checked;
                    continue;
                }
                switch (spec->type) {
                case T::Int:
                case T::Number: {
                    const double d = spec->def.asDouble(-1);
                    // 0: the system's buffer, no rate limit, nothing omitted.
                    const bool plainZero = def == u"unlimited"_s || (def == u"0"_s && key == "omit_s");
                    agentDefault = d == 0 ? (plainZero ? def : u"default"_s) : QString::number(d, 'g', 15);
                    break;
                }
                case T::Bool:
                    agentDefault = spec->def.asBool(true) ? u"on"_s : u"off"_s;
                    break;
                case T::String:
                    agentDefault = QString::fromStdString(spec->def.asString());
                    break;
                }
                QVERIFY2(agentDefault == def, qPrintable(where + u": agent "_s + agentDefault + u", catalog "_s + def));
                ++checked;
            }
        }
        QVERIFY(checked >= 20);
    }

    void streamKindsTakeStreamsAndDirection_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("tcp_stream") << u"tcp_stream"_s;
        QTest::newRow("udp_stream") << u"udp_stream"_s;
    }

    void streamKindsTakeStreamsAndDirection()
    {
        QFETCH(QString, kind);
        const auto *specs = wb::agent::kindParams(kind.toStdString());
        QVERIFY(specs);
        const wb::agent::ParamSpec *streams = nullptr, *direction = nullptr;
        for (const auto &s : *specs) {
            if (std::string_view(s.name) == "streams")
                streams = &s;
            if (std::string_view(s.name) == "direction")
                direction = &s;
        }
        QVERIFY(streams);
        QVERIFY(streams->type == wb::agent::ParamSpec::Type::Int);
        QCOMPARE(streams->min, 1.0);
        QCOMPARE(streams->max, 128.0);
        QCOMPARE(streams->def.asInt(), 1);
        QVERIFY(direction);
        QCOMPARE(direction->def.asString(), std::string("forward"));
        QCOMPARE(direction->choices, (std::vector<std::string>{"forward", "reverse", "bidirectional"}));
    }

    void otherKindsRefuseStreamsAndDirection()
    {
        // Only the stream kinds have parallel flows, and only they,
        // file_transfer and packet_rate a direction: anywhere else the
        // field is refused by name rather than silently ignored. rrul sets
        // its streams each way and always runs both directions.
        int checked = 0;
        for (const std::string &kind : wb::agent::kindNames()) {
            if (kind == "tcp_stream" || kind == "udp_stream")
                continue;
            for (const char *field : {"streams", "direction"}) {
                if (kind == "rrul" && std::string_view(field) == "streams")
                    continue;
                const bool turns = kind == "file_transfer" || kind == "packet_rate";
                if (turns && std::string_view(field) == "direction")
                    continue;
                wb::json::Value given = wb::json::Object{};
                given[field] = std::string_view(field) == "streams" ? wb::json::Value(2) : wb::json::Value("reverse");
                wb::agent::TestParams out;
                std::string error;
                QVERIFY2(!wb::agent::TestParams::validate(*wb::agent::kindParams(kind), given, out, &error),
                         qPrintable(QString::fromStdString(kind + " took " + field)));
                QVERIFY2(error.find(std::string("params.") + field) != std::string::npos, error.c_str());
                // A direction is refused with the reason, not as an unknown name.
                if (std::string_view(field) == "direction")
                    QVERIFY2(error.find("runs both ways by nature") != std::string::npos, error.c_str());
                ++checked;
            }
        }
        QVERIFY(checked >= 8);
    }

    void fileTransferAndPacketRateTakeDirection_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<QString>("refusal"); // empty: taken
        QTest::newRow("file_transfer reverse") << u"file_transfer"_s << QByteArray(R"({"direction":"reverse"})") << QString();
        QTest::newRow("file_transfer both") << u"file_transfer"_s << QByteArray(R"({"direction":"bidirectional"})") << QString();
        QTest::newRow("file_transfer reverse from a path")
            << u"file_transfer"_s << QByteArray(R"({"direction":"reverse","path":"/etc/passwd"})") << u"params.path"_s;
        QTest::newRow("file_transfer forward from a path")
            << u"file_transfer"_s << QByteArray(R"({"direction":"forward","path":"/etc/passwd"})") << QString();
        QTest::newRow("file_transfer both to a dest_path")
            << u"file_transfer"_s << QByteArray(R"({"direction":"bidirectional","dest_path":"/tmp/x"})")
            << u"params.dest_path"_s;
        QTest::newRow("file_transfer reverse to a dest_path")
            << u"file_transfer"_s << QByteArray(R"({"direction":"reverse","dest_path":"/tmp/x"})") << QString();
        QTest::newRow("packet_rate reverse") << u"packet_rate"_s << QByteArray(R"({"direction":"reverse"})") << QString();
        QTest::newRow("packet_rate both") << u"packet_rate"_s << QByteArray(R"({"direction":"bidirectional"})") << QString();
        QTest::newRow("packet_rate reverse with a probe")
            << u"packet_rate"_s << QByteArray(R"({"direction":"reverse","probe_rate_pps":100})") << u"params.probe_rate_pps"_s;
        QTest::newRow("packet_rate forward with a probe")
            << u"packet_rate"_s << QByteArray(R"({"probe_rate_pps":100})") << QString();
    }

    void fileTransferAndPacketRateTakeDirection()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, params);
        QFETCH(QString, refusal);
        std::string error;
        const bool ok = validates(kind, params, &error);
        QVERIFY2(ok == refusal.isEmpty(), error.c_str());
        if (!ok)
            QVERIFY2(error.find(refusal.toStdString()) != std::string::npos, error.c_str());
    }

    void badStreamsAndDirectionNameTheField_data()
    {
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<QString>("field");
        QTest::newRow("streams 0") << QByteArray(R"({"streams":0})") << u"params.streams"_s;
        QTest::newRow("streams 129") << QByteArray(R"({"streams":129})") << u"params.streams"_s;
        QTest::newRow("streams text") << QByteArray(R"({"streams":"4"})") << u"params.streams"_s;
        QTest::newRow("direction up") << QByteArray(R"({"direction":"up"})") << u"params.direction"_s;
        QTest::newRow("direction number") << QByteArray(R"({"direction":1})") << u"params.direction"_s;
        QTest::newRow("loss samples, streams") << QByteArray(R"({"streams":2,"loss_samples":true})")
                                               << u"params.loss_samples"_s;
        QTest::newRow("loss samples, reverse") << QByteArray(R"({"direction":"reverse","loss_samples":true})")
                                               << u"params.loss_samples"_s;
    }

    void badStreamsAndDirectionNameTheField()
    {
        QFETCH(QByteArray, params);
        QFETCH(QString, field);
        std::string error;
        QVERIFY(!validates(u"udp_stream"_s, params, &error));
        QVERIFY2(QString::fromStdString(error).contains(field), error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestAgentCatalog)
#include "tst_agentcatalog.moc"
