// SPDX-License-Identifier: GPL-3.0-or-later
#include "runtext.h"

#include "result/condition.h"
#include "result/metriccatalog.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

struct ParameterInfo
{
    const char16_t *key;
    const char *label; // English, translated where shown (QObject::tr)
};

// Reading order and labels of the parameters DESIGN.md names.
constexpr ParameterInfo kParameters[] = {
    {u"message_size_bytes", QT_TRANSLATE_NOOP("QObject", "message")},
    {u"request_size_bytes", QT_TRANSLATE_NOOP("QObject", "request")},
    {u"response_size_bytes", QT_TRANSLATE_NOOP("QObject", "response")},
    {u"file_size_bytes", QT_TRANSLATE_NOOP("QObject", "file")},
    {u"frame_size_bytes", QT_TRANSLATE_NOOP("QObject", "frame")},
    {u"sink", QT_TRANSLATE_NOOP("QObject", "sink")},
    {u"fsync", QT_TRANSLATE_NOOP("QObject", "fsync")},
    {u"direct_io", QT_TRANSLATE_NOOP("QObject", "direct I/O")},
    {u"direction", QT_TRANSLATE_NOOP("QObject", "direction")},
    {u"send_socket_bytes", QT_TRANSLATE_NOOP("QObject", "send buffer")},
    {u"recv_socket_bytes", QT_TRANSLATE_NOOP("QObject", "receive buffer")},
    {u"rate_pps", QT_TRANSLATE_NOOP("QObject", "rate")},
    {u"streams", QT_TRANSLATE_NOOP("QObject", "streams")},
    {u"congestion_control", QT_TRANSLATE_NOOP("QObject", "congestion control")},
    {u"mss_bytes", QT_TRANSLATE_NOOP("QObject", "MSS")},
    {u"nodelay", QT_TRANSLATE_NOOP("QObject", "TCP_NODELAY")},
    {u"tos", QT_TRANSLATE_NOOP("QObject", "TOS")},
    {u"busy_poll_us", QT_TRANSLATE_NOOP("QObject", "busy-poll time")},
    {u"rate_bps", QT_TRANSLATE_NOOP("QObject", "bit rate")},
    {u"omit_s", QT_TRANSLATE_NOOP("QObject", "omitted start")},
    {u"zerocopy", QT_TRANSLATE_NOOP("QObject", "zero-copy")},
    {u"sendfile", QT_TRANSLATE_NOOP("QObject", "sendfile")},
    {u"client_cpu", QT_TRANSLATE_NOOP("QObject", "client CPU")},
    {u"server_cpu", QT_TRANSLATE_NOOP("QObject", "server CPU")},
    {u"duration_s", QT_TRANSLATE_NOOP("QObject", "duration")},
    {u"interval_s", QT_TRANSLATE_NOOP("QObject", "interval")},
};

QString bytesText(double bytes)
{
    // Whole KiB, MiB and GiB in those units (netperf's 64 KiB buffers, the
    // 12 MiB file); anything else below a MiB exactly, as typed ("1472 B",
    // "65535 B": one byte short of 64 KiB is a different test).
    const QLocale locale;
    const double a = std::fabs(bytes);
    for (const auto &[factor, unit] : {std::pair(1073741824.0, u"GiB"_s), std::pair(1048576.0, u"MiB"_s),
                                       std::pair(1024.0, u"KiB"_s)}) {
        if (a >= factor && std::fmod(a, factor) == 0)
            return u"%1 %2"_s.arg(bytes / factor, 0, 'f', 0).arg(unit);
    }
    if (a < 1048576)
        return u"%1 B"_s.arg(bytes, 0, 'f', 0); // not "1,472 B"
    return u"%1 MiB"_s.arg(locale.toString(bytes / 1048576, 'f', 2));
}

// The unit a parameter key names by its suffix ("_bytes", "_s"), the
// longer "_us" and "_ms" before "_s"; nullptr for a key without one.
struct UnitSuffix
{
    QString suffix;
    QString unit;
};

const UnitSuffix *unitSuffix(const QString &key)
{
    static const UnitSuffix kSuffixes[] = {
        {u"_bytes"_s, u"bytes"_s}, {u"_us"_s, u"µs"_s},         {u"_ms"_s, u"ms"_s}, {u"_s"_s, u"s"_s},
        {u"_bps"_s, u"bit/s"_s},   {u"_pps"_s, u"packets/s"_s}, {u"_pct"_s, u"%"_s}};
    for (const UnitSuffix &u : kSuffixes)
        if (key.endsWith(u.suffix))
            return &u;
    return nullptr;
}

bool isHousekeeping(const QString &key)
{
    static const QStringList keys{u"interval_s"_s, u"watchdog_margin_s"_s, u"idle_timeout_s"_s, u"interface"_s,
                                  u"ingress_interface"_s, u"loss_samples"_s};
    return keys.contains(key);
}

// The knobs an agent records even when a plan left them alone (one forward
// stream, the kind's TCP_NODELAY, the system's TOS): at their default they
// say nothing about the test and stay out of one-line summaries.
bool isQuietDefault(const QString &key, const QJsonObject &params, const QString &kind)
{
    static const QStringList quiet{u"direction"_s, u"streams"_s, u"congestion_control"_s, u"mss_bytes"_s,
                                   u"nodelay"_s, u"tos"_s, u"direct_io"_s, u"rate_bps"_s, u"omit_s"_s,
                                   u"zerocopy"_s, u"sendfile"_s};
    // No busy polling, and no count limit (0: the test runs for its duration).
    if (key == u"busy_poll"_s)
        return !params.value(key).toBool();
    if ((key == u"transactions"_s || key == u"messages"_s) && params.value(key).toDouble(-1) == 0)
        return true;
    if (!quiet.contains(key))
        return false;
    for (const ConditionParameterInfo &p : definingParameters(kind))
        if (p.key == key && p.read)
            return p.read(params).value_or(p.defaultValue) == p.defaultValue;
    return false;
}

QString valueText(const QString &key, const QJsonValue &v)
{
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &item : v.toArray())
            parts << valueText(key, item);
        return parts.join(u", "_s);
    }
    if (v.isBool())
        return key == u"fsync"_s || key == u"direct_io"_s ? (v.toBool() ? QObject::tr("on")
                                                                        : QObject::tr("off"))
                                 : (v.toBool() ? QObject::tr("yes") : QObject::tr("no"));
    if (v.isDouble()) {
        const double x = v.toDouble();
        if (key.endsWith(u"_socket_bytes"_s) && x == 0)
            return QObject::tr("system default"); // the agent leaves the buffer alone
        if (key.endsWith(u"_bytes"_s))
            return bytesText(x);
        if (key.endsWith(u"_s"_s))
            return u"%1 s"_s.arg(tableNumber(x));
        if (key.endsWith(u"_ms"_s))
            return u"%1 ms"_s.arg(tableNumber(x));
        if (key.endsWith(u"_us"_s))
            return u"%1 µs"_s.arg(tableNumber(x));
        if (key.endsWith(u"_pct"_s))
            return u"%1 %"_s.arg(tableNumber(x));
        if (key.endsWith(u"_pps"_s))
            return u"%1 pps"_s.arg(tableNumber(x));
        if (key == u"rate_bps"_s && x == 0)
            return QObject::tr("unlimited");
        if (key.endsWith(u"_bps"_s))
            return u"%1 Mbit/s"_s.arg(tableNumber(x / 1e6));
        return tableNumber(x);
    }
    const QString s = v.toString();
    if (key == u"sink"_s && s == u"devnull"_s)
        return u"/dev/null"_s;
    return s;
}

QString sortText(const QJsonValue &v)
{
    if (v.isDouble())
        return u"%1"_s.arg(qint64(std::llround(v.toDouble() * 1000)), 20, 10, QChar(u'0'));
    if (v.isArray() && !v.toArray().isEmpty())
        return sortText(v.toArray().first());
    return v.toVariant().toString();
}

} // namespace

QString tableNumber(double value)
{
    const QLocale locale;
    if (std::isnan(value))
        return QString();
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return locale.toString(qint64(value));
    const double magnitude = std::floor(std::log10(std::fabs(value)));
    const int decimals = int(std::clamp(3.0 - magnitude, 0.0, 9.0));
    return locale.toString(value, 'f', decimals);
}

QList<RunParameter> runParameters(const QJsonObject &params, const QString &kind)
{
    QList<RunParameter> known;
    QList<RunParameter> others;
    for (const ParameterInfo &info : kParameters) {
        const QString key = QString::fromUtf16(info.key);
        if (!params.contains(key))
            continue;
        // A busy-poll time without busy polling was never used.
        if (key == u"busy_poll_us"_s && !params.value(u"busy_poll"_s).toBool())
            continue;
        QString label = QObject::tr(info.label);
        // A stream or a file transfer writes in pieces of this size: there
        // is no message (netperf's -m "send size").
        if (key == u"message_size_bytes"_s && (kind == u"tcp_stream"_s || kind == u"file_transfer"_s))
            label = QObject::tr("send size");
        known.append({key, label, valueText(key, params.value(key)), sortText(params.value(key)),
                      isHousekeeping(key) || isQuietDefault(key, params, kind)});
    }
    // netperf's -s and -S are nearly always the same: one "buffers" then.
    auto send = std::find_if(known.begin(), known.end(), [](const RunParameter &p) { return p.key == u"send_socket_bytes"_s; });
    auto recv = std::find_if(known.begin(), known.end(), [](const RunParameter &p) { return p.key == u"recv_socket_bytes"_s; });
    if (send != known.end() && recv != known.end() && send->text == recv->text) {
        *send = {u"socket_bytes"_s, QObject::tr("buffers"), send->text, send->sortKey, false};
        known.erase(recv);
    }
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (std::any_of(std::begin(kParameters), std::end(kParameters),
                        [&](const ParameterInfo &i) { return it.key() == QString::fromUtf16(i.key); }))
            continue;
        if (it->isObject())
            continue; // nested details (a plan's own structure) are not a test parameter
        QString label = it.key();
        if (const UnitSuffix *u = unitSuffix(label))
            label.chop(u->suffix.size());
        label.replace(u'_', u' ');
        others.append({it.key(), label, valueText(it.key(), it.value()), sortText(it.value()),
                       isHousekeeping(it.key()) || isQuietDefault(it.key(), params, kind)});
    }
    return known + others; // QJsonObject iterates keys alphabetically
}

QString parameterLabel(const QString &key, const QString &kind)
{
    const QList<RunParameter> one = runParameters(QJsonObject{{key, 0}}, kind);
    if (one.isEmpty())
        return key;
    if (const UnitSuffix *u = unitSuffix(key))
        return u"%1 (%2)"_s.arg(one.first().label, u->unit);
    return one.first().label;
}

QString joinParameters(const QList<RunParameter> &parameters, bool measuredOnly)
{
    QStringList parts;
    for (const RunParameter &p : parameters)
        if (!measuredOnly || !p.housekeeping)
            parts << u"%1 %2"_s.arg(p.label, p.text);
    return parts.join(u" · "_s);
}

QString testCaseTitle(const QString &testCase)
{
    static const QRegularExpression swept(u"\\s*\\[[A-Za-z0-9_]+=[^\\]]*\\]$"_s);
    QString title = testCase;
    title.remove(swept);
    return title.isEmpty() ? testCase : title;
}

QString heavyLossText(const ResultRecord &record, const QString &figure)
{
    constexpr double kHeavyLossRatio = 0.10;
    const auto loss = sidedMetricValue(record, u"loss_ratio"_s);
    if (!loss || *loss < kHeavyLossRatio)
        return QString();
    // The key figure of a UDP stream already states the loss: the words
    // then say only that it is heavy, not the number a second time.
    if (figure.contains(u", loss "_s))
        return QObject::tr("heavy loss");
    return QObject::tr("heavy loss: %1 % did not arrive").arg(*loss * 100, 0, 'f', 0);
}

MetricText metricText(const Metric &metric)
{
    MetricText t;
    const MetricInfo info = metricDisplay(metric.name);
    t.label = info.label.isEmpty() ? metric.name : info.label;
    double value = metric.value;
    QString unit = metric.unit;
    if (const MetricInfo *known = findMetric(metric.name); known && metric.unit == known->unit) {
        value *= known->displayScale;
        unit = known->displayUnit;
    }
    if (unit == u"ratio"_s) {
        value *= 100;
        unit = u"%"_s;
    } else if (unit == u"us"_s) {
        unit = u"µs"_s;
    } else if (unit == u"count"_s) {
        unit.clear();
    }
    t.displayed = value;
    t.value = tableNumber(value);
    t.unit = unit;
    return t;
}

QString statusText(const QString &status)
{
    if (status == u"finished"_s)
        return QCoreApplication::translate("wb::gui::RunText", "finished");
    if (status == u"failed"_s)
        return QCoreApplication::translate("wb::gui::RunText", "failed");
    if (status == u"cancelled"_s)
        return QCoreApplication::translate("wb::gui::RunText", "cancelled");
    if (status == u"running"_s)
        return QCoreApplication::translate("wb::gui::RunText", "running");
    if (status == u"skipped"_s)
        return QCoreApplication::translate("wb::gui::RunText", "skipped");
    return status;
}

} // namespace wb::gui
