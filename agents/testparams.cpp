// SPDX-License-Identifier: GPL-3.0-or-later
#include "testparams.h"

#include <cmath>

namespace wb::agent {

namespace {
std::string fmt(double v)
{
    return json::serialize(json::Value(v == std::floor(v) && std::fabs(v) < 9e15 ? json::Value(static_cast<long long>(v))
                                                                                : json::Value(v)));
}
} // namespace

bool TestParams::validate(const std::vector<ParamSpec> &specs, const json::Value &given, TestParams &out,
                          std::string *error)
{
    if (!given.isNull() && !given.isObject()) {
        *error = "field 'params' must be an object";
        return false;
    }
    out = TestParams();
    for (const auto &[name, value] : given.asObject()) {
        const ParamSpec *spec = nullptr;
        for (const auto &s : specs)
            if (name == s.name)
                spec = &s;
        // The kinds without direction (request/response, and rrul with its
        // flows both ways) run both ways by nature: say so, not "unknown".
        if (!spec && name == "direction") {
            *error = "params.direction is not taken by this kind: a request/response test runs both ways by nature "
                     "(direction applies to udp_stream, tcp_stream, file_transfer and packet_rate)";
            return false;
        }
        if (!spec) {
            std::string known;
            for (const auto &s : specs)
                known += (known.empty() ? "" : ", ") + std::string(s.name);
            *error = "unknown parameter 'params." + name + "' (this kind takes: " + known + ")";
            return false;
        }
        const std::string where = "params." + name;
        switch (spec->type) {
        case ParamSpec::Type::Int:
            if (!value.isNumber() || value.asDouble() != std::floor(value.asDouble())) {
                *error = where + " must be an integer";
                return false;
            }
            break;
        case ParamSpec::Type::Number:
            if (!value.isNumber()) {
                *error = where + " must be a number";
                return false;
            }
            break;
        case ParamSpec::Type::Bool:
            if (!value.isBool()) {
                *error = where + " must be true or false";
                return false;
            }
            break;
        case ParamSpec::Type::String:
            if (!value.isString() || value.asString().size() > 4096) {
                *error = where + " must be a string of at most 4096 bytes";
                return false;
            }
            if (value.asString().find('\0') != std::string::npos) {
                *error = where + " must not contain NUL";
                return false;
            }
            break;
        }
        if (spec->type == ParamSpec::Type::Int || spec->type == ParamSpec::Type::Number) {
            const double v = value.asDouble();
            if (v < spec->min || v > spec->max) {
                *error = where + " must be between " + fmt(spec->min) + " and " + fmt(spec->max) + ", not "
                         + json::serialize(value);
                return false;
            }
        }
        if (!spec->choices.empty()) {
            bool ok = false;
            std::string list;
            for (const auto &c : spec->choices) {
                ok = ok || c == value.asString();
                list += (list.empty() ? "'" : ", '") + c + "'";
            }
            if (!ok) {
                *error = where + " must be one of " + list + ", not '" + value.asString() + "'";
                return false;
            }
        }
        out.m_values[name] = value;
    }
    for (const auto &s : specs)
        if (!out.m_values.contains(s.name) && !s.def.isNull())
            out.m_values[s.name] = s.def;
    // Loss samples follow the one sequence of a single forward flow.
    if (out.flag("loss_samples")
        && (out.integer("streams", 1) > 1 || (out.has("direction") && out.text("direction") != "forward"))) {
        *error = "params.loss_samples works only with streams 1 and direction 'forward'";
        return false;
    }
    // file_transfer's disk figures (filetransfertest.h). The flush after the
    // network phase is always made and measured on its own now, so the old
    // "fsync inside the measured time" would make throughput_bps mean two
    // things under one condition.
    if (out.flag("fsync")) {
        *error = "params.fsync is no longer taken: with sink 'file' the receiver always flushes after the last byte "
                 "and reports network_throughput_bps and flushed_throughput_bps apart";
        return false;
    }
    if (out.flag("direct_io") && out.text("sink") != "file") {
        *error = "params.direct_io works only with sink 'file', not '" + out.text("sink") + "'";
        return false;
    }
    if (out.flag("direct_io") && out.integer("message_size_bytes") % kDirectIoAlignment != 0) {
        *error = "params.message_size_bytes must be a multiple of " + std::to_string(kDirectIoAlignment)
                 + " with direct_io (O_DIRECT writes whole aligned blocks), not " + fmt(out.number("message_size_bytes"));
        return false;
    }
    // file_transfer against the server (filetransfertest.h): the server
    // sends a file it creates of file_size_bytes, never one a path names.
    if (out.has("file_size_bytes") && out.has("direction") && out.text("direction") != "forward") {
        if (out.text("direction") == "reverse" && out.has("path")) {
            *error = "params.path names the client's file to send; with direction 'reverse' the server sends a file "
                     "it creates of params.file_size_bytes";
            return false;
        }
        if (out.text("direction") == "bidirectional" && out.has("dest_path")) {
            *error = "params.dest_path cannot be used with direction 'bidirectional': both ends write a file, each a "
                     "temporary one of its own";
            return false;
        }
    }
    // packet_rate's probe runs against the flood, from the server.
    if (out.number("probe_rate_pps") > 0 && out.has("direction") && out.text("direction") != "forward") {
        *error = "params.probe_rate_pps works only with direction 'forward' (the probe runs from the server against "
                 "the client's flood)";
        return false;
    }
    if (out.flag("zerocopy") && out.flag("sendfile")) {
        *error = "params.sendfile and params.zerocopy are two zero-copy send paths: pick one";
        return false;
    }
    // udp_stream (the datagram kind with omit_s, told by its batch) tells
    // the omitted start by each datagram's sequence number, and its loss
    // samples follow the whole sequence.
    if (out.number("omit_s") > 0 && out.has("batch")) {
        if (out.flag("loss_samples")) {
            *error = "params.omit_s cannot be combined with params.loss_samples";
            return false;
        }
        if (out.integer("message_size_bytes", 1472) < 16) {
            *error = "params.omit_s needs params.message_size_bytes of at least 16 (the sequence number)";
            return false;
        }
    }
    return true;
}

namespace {
using T = ParamSpec::Type;
const json::Value kNull;
// Who sends in a stream, file transfer or packet rate test (testflows.h); the
// running end always controls it.
const std::vector<std::string> kDirections = {"forward", "reverse", "bidirectional"};

std::vector<ParamSpec> common(double defaultDuration)
{
    return {
        {"duration_s", T::Number, 0.05, 86400, defaultDuration},
        {"interval_s", T::Number, 0, 3600, 1.0},
        {"watchdog_margin_s", T::Number, 0.5, 3600, 10.0},
        {"idle_timeout_s", T::Number, 0.1, 86400, 60.0},
        {"interface", T::String, 0, 0, kNull},
        {"send_socket_bytes", T::Int, 0, 1 << 30, 0},
        {"recv_socket_bytes", T::Int, 0, 1 << 30, 0},
        {"tos", T::Int, 0, 255, kNull}, // IP_TOS / IPV6_TCLASS on the data sockets
        // netperf -T: the CPU each end's test threads are pinned to (cpuaffinity.h).
        {"client_cpu", T::Int, 0, 4095, kNull},
        {"server_cpu", T::Int, 0, 4095, kNull},
    };
}

std::vector<ParamSpec> with(std::vector<ParamSpec> base, std::initializer_list<ParamSpec> more)
{
    base.insert(base.end(), more);
    return base;
}

std::vector<ParamSpec> rrulParams()
{
    std::vector<ParamSpec> p;
    for (const ParamSpec &s : common(60))
        p.push_back(s.name == std::string_view("interval_s") ? ParamSpec{"interval_s", T::Number, 0, 3600, 0.2} : s);
    p.insert(p.end(), {{"streams", T::Int, 1, 128, 4},
                       {"idle_s", T::Number, 0.1, 3600, 5.0},
                       {"probe_interval_ms", T::Int, 1, 10000, 200}});
    return p;
}

struct KindEntry
{
    const char *name;
    std::vector<ParamSpec> params;
};

const std::vector<KindEntry> &kinds()
{
    static const std::vector<KindEntry> k = {
        {"udp_stream", with(common(10), {{"message_size_bytes", T::Int, 1, 65507, 1472},
                                         {"messages", T::Int, 0, 1e15, 0},
                                         {"rate_pps", T::Number, 0, 1e9, 0},
                                         {"batch", T::Int, 1, 1024, 32},
                                         {"gso", T::Bool, 0, 0, false},
                                         {"loss_samples", T::Bool, 0, 0, kNull},
                                         {"streams", T::Int, 1, 128, 1},
                                         {"direction", T::String, 0, 0, "forward", kDirections},
                                         // iperf3 -O: seconds sent before the measured duration_s.
                                         {"omit_s", T::Number, 0, 3600, 0}})},
        {"tcp_stream", with(common(10), {{"message_size_bytes", T::Int, 1, 16 << 20, 131072},
                                         {"streams", T::Int, 1, 128, 1},
                                         {"direction", T::String, 0, 0, "forward", kDirections},
                                         // iperf3 -b (per stream, as iperf3), -O, MSG_ZEROCOPY and -Z
                                         // (sendfile from an in-memory file; zerocopysend.h).
                                         {"rate_bps", T::Number, 0, 1e12, 0},
                                         {"omit_s", T::Number, 0, 3600, 0},
                                         {"zerocopy", T::Bool, 0, 0, false},
                                         {"sendfile", T::Bool, 0, 0, false}})},
        {"tcp_rr", with(common(10), {{"request_size_bytes", T::Int, 1, 16 << 20, 1},
                                     {"response_size_bytes", T::Int, 1, 16 << 20, 1},
                                     {"transactions", T::Int, 0, 1e15, 0},
                                     {"busy_poll", T::Bool, 0, 0, false},
                                     {"busy_poll_us", T::Int, 1, 1000000, 200}})},
        {"udp_rr", with(common(10), {{"request_size_bytes", T::Int, 1, 65507, 1},
                                     {"response_size_bytes", T::Int, 1, 65507, 1},
                                     {"transactions", T::Int, 0, 1e15, 0},
                                     {"busy_poll", T::Bool, 0, 0, false},
                                     {"busy_poll_us", T::Int, 1, 1000000, 200},
                                     {"timeout_ms", T::Int, 1, 60000, 100}})},
        {"file_transfer", with(common(3600), {{"path", T::String, 0, 0, kNull},
                                              {"file_size_bytes", T::Int, 0, 1e13, 64 << 20},
                                              {"message_size_bytes", T::Int, 512, 16 << 20, 131072},
                                              {"sink", T::String, 0, 0, "file", {"file", "devnull"}},
                                              {"dest_path", T::String, 0, 0, kNull},
                                              {"keep_file", T::Bool, 0, 0, false},
                                              {"overwrite", T::Bool, 0, 0, false},
                                              {"fsync", T::Bool, 0, 0, false},
                                              {"direct_io", T::Bool, 0, 0, false},
                                              {"direction", T::String, 0, 0, "forward", kDirections}})},
        {"packet_rate", with(common(10), {{"message_size_bytes", T::Int, 1, 65507, 18},
                                          {"rate_pps", T::Number, 0, 1e9, 0},
                                          {"batch", T::Int, 1, 1024, 64},
                                          {"probe_rate_pps", T::Number, 0, 100000, 0},
                                          {"probe_size_bytes", T::Int, 32, 1472, 64},
                                          {"loss_samples", T::Bool, 0, 0, kNull},
                                          {"direction", T::String, 0, 0, "forward", kDirections}})},
        {"tcp_crr", with(common(10), {{"request_size_bytes", T::Int, 1, 16 << 20, 1},
                                      {"response_size_bytes", T::Int, 1, 16 << 20, 1},
                                      {"transactions", T::Int, 0, 1e15, 0},
                                      {"connection_timeout_ms", T::Int, 1, 60000, 2000}})},
        // Latency under load (flent RRUL): flent's defaults, 60 s of load after
        // 5 s of probes alone, a probe and a throughput sample every 0.2 s.
        // tos marks every bulk flow and both probes alike (flent's rrul_be
        // with a mark), so a queue that sorts by DSCP sees one class.
        {"rrul", rrulParams()},
    };
    return k;
}

// The TCP knobs (socketknobs.h) of the kinds whose data goes over TCP
// connections of their own: one list for the three, added to their rows
// here rather than written into each. tcp_rr has always run with
// TCP_NODELAY on both ends; tcp_stream and tcp_crr take the system's Nagle,
// as netperf does.
const std::vector<KindEntry> &kindsWithKnobs()
{
    static const std::vector<KindEntry> k = [] {
        std::vector<KindEntry> all = kinds();
        for (KindEntry &e : all) {
            const std::string_view name = e.name;
            if (name != "tcp_stream" && name != "tcp_rr" && name != "tcp_crr")
                continue;
            e.params.insert(e.params.end(), {{"congestion_control", T::String, 0, 0, kNull},
                                             {"mss_bytes", T::Int, 88, 32767, kNull},
                                             {"nodelay", T::Bool, 0, 0, name == "tcp_rr"}});
        }
        return all;
    }();
    return k;
}
} // namespace

const std::vector<ParamSpec> *kindParams(std::string_view kind)
{
    for (const auto &k : kindsWithKnobs())
        if (kind == k.name)
            return &k.params;
    return nullptr;
}

std::vector<std::string> kindNames()
{
    std::vector<std::string> names;
    for (const auto &k : kindsWithKnobs())
        names.emplace_back(k.name);
    return names;
}

} // namespace wb::agent
