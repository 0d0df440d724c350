// SPDX-License-Identifier: GPL-3.0-or-later
#include "standalone.h"

#include "netutil.h"
#include "safefile.h"
#include "testendpoint.h"
#include "testkind.h"
#include "testrun.h"
#include "clock.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fstream>
#include <mutex>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb::agent {

namespace {

// Set by SIGINT/SIGTERM/SIGHUP: the listener stops accepting, a running test
// is stopped, and the private directory is removed on the way out.
std::atomic<bool> g_signalled{false};

extern "C" void onStopSignal(int)
{
    g_signalled.store(true);
}

void installStopSignals()
{
    struct sigaction sa{};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocking call returns EINTR and its loop looks at the flag
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
        ::sigaction(sig, &sa, nullptr);
}

// The standalone ends have no controller, so this stands in for the
// TestManager's watchdog: it stops the current test when it runs past its
// duration plus margin, or when a stop signal came.
class StandaloneWatchdog
{
public:
    StandaloneWatchdog()
        : m_thread([this] { loop(); })
    {
    }
    ~StandaloneWatchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_thread.join();
    }
    void watch(TestRun *run)
    {
        std::lock_guard lock(m_mutex);
        m_run = run;
    }

private:
    void loop()
    {
        for (;;) {
            {
                std::lock_guard lock(m_mutex);
                if (m_quit)
                    return;
                if (m_run && g_signalled)
                    m_run->abort("agent_exiting", "stopped by a signal");
                const int64_t deadline = m_run ? m_run->deadlineNs() : 0;
                if (deadline && nowNs() > deadline)
                    m_run->abort("watchdog", "the test ran past its duration plus the watchdog margin and was stopped");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

    std::mutex m_mutex;
    TestRun *m_run = nullptr;
    bool m_quit = false;
    std::thread m_thread;
};

bool tokenFromEnvironmentOrFile(const std::string &file, std::string *token, bool *given, std::string *error)
{
    *given = true;
    if (!file.empty())
        return readTokenFile(file, token, error);
    if (const char *env = std::getenv(kTokenEnvironment); env && *env) {
        *token = env;
        return true;
    }
    *given = false;
    return true;
}

const char *const kArgvTokenRefusal =
    "--token is not accepted: every user of this host can read a command line (ps, /proc). "
    "Put the token in a file only you can read and give --token-file FILE, or set WIREBENCH_TOKEN";

bool needValue(int &i, int argc, char **argv, std::string *value)
{
    if (i + 1 >= argc) {
        std::fprintf(stderr, "wirebench-agent: option %s needs a value\n", argv[i]);
        return false;
    }
    *value = argv[++i];
    return true;
}

// A command-line value as JSON: numbers and true/false as such, else a string.
json::Value cliValue(const std::string &text)
{
    if (text == "true")
        return true;
    if (text == "false")
        return false;
    char *end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (!text.empty() && end && *end == '\0' && std::isfinite(d)) {
        if (d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<long long>(d);
        return d;
    }
    return text;
}

std::string formatValue(double v)
{
    char buf[64];
    if (v != 0 && (std::fabs(v) >= 1e9 || std::fabs(v) < 1e-3))
        std::snprintf(buf, sizeof buf, "%.4g", v);
    else if (v == std::floor(v))
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

void printTable(const json::Value &record, const std::string &to)
{
    std::printf("WIREBENCH %s to %s", record["kind"].asString().c_str(), to.c_str());
    for (const auto &[k, v] : record["params"].asObject())
        std::printf(" %s=%s", k.c_str(), json::serialize(v).c_str());
    std::printf("\n\n%-28s %16s %16s %16s  %s\n", "metric", "client", "server", "test", "unit");
    std::vector<std::string> names;
    for (const auto &m : record["metrics"].asArray()) {
        const std::string &n = m["name"].asString();
        bool seen = false;
        for (const auto &x : names)
            seen = seen || x == n;
        if (!seen)
            names.push_back(n);
    }
    for (const auto &name : names) {
        std::string cells[3] = {"", "", ""};
        std::string unit;
        for (const auto &m : record["metrics"].asArray()) {
            if (m["name"].asString() != name)
                continue;
            const std::string &side = m["side"].asString();
            double v = m["value"].asDouble();
            unit = m["unit"].asString();
            if (name == "throughput_bps" || name == "reverse_throughput_bps") {
                v /= 1e6; // netperf's 10^6 bits/sec
                unit = "10^6bit/s";
            }
            cells[side == "client" ? 0 : side == "server" ? 1 : 2] = formatValue(v);
        }
        std::printf("%-28s %16s %16s %16s  %s\n", name.c_str(), cells[0].c_str(), cells[1].c_str(), cells[2].c_str(),
                    unit.c_str());
    }
}

bool splitHostPort(const std::string &text, std::string *host, int *port)
{
    // [v6]:port, v4:port, or a bare address.
    if (!text.empty() && text[0] == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos)
            return false;
        *host = text.substr(1, close - 1);
        if (close + 1 < text.size()) {
            if (text[close + 1] != ':')
                return false;
            *port = std::atoi(text.c_str() + close + 2);
        }
        return true;
    }
    const auto colon = text.find(':');
    if (colon != std::string::npos && text.find(':', colon + 1) == std::string::npos) {
        *host = text.substr(0, colon);
        *port = std::atoi(text.c_str() + colon + 1);
        return true;
    }
    *host = text;
    return true;
}

} // namespace

bool readTokenFile(const std::string &path, std::string *token, std::string *error)
{
    // The user's own file: links are fine here (a home directory may be
    // one), but a FIFO must not hang the start, so no blocking and only a
    // regular file.
    Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    struct stat st{};
    if (!fd.valid() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = "cannot read the token file '" + path + "': "
                 + (fd.valid() ? std::string("not a regular file") : errnoText(errno));
        return false;
    }
    char buf[256];
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) {
        *error = "cannot read the token file '" + path + "': " + errnoText(errno);
        return false;
    }
    std::string text(buf, static_cast<size_t>(n));
    text = text.substr(0, text.find('\n'));
    const auto first = text.find_first_not_of(" \t\r");
    const auto last = text.find_last_not_of(" \t\r");
    *token = first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    return true;
}

bool acceptableToken(const std::string &token, std::string *error)
{
    if (!isHexToken(token)) {
        *error = "the token must be 32 lower-case hex digits";
        return false;
    }
    if (token.find_first_not_of('0') == std::string::npos) {
        *error = "the all-zero token is refused: it was the old default and anyone can present it";
        return false;
    }
    return true;
}

void printStandaloneUsage(const char *to)
{
    std::fprintf(to == std::string_view("stdout") ? stdout : stderr,
                 "Standalone (without the workbench, like netserver/netperf):\n"
                 "  wirebench-agent listen [--port N] [--bind ADDR] [--token-file FILE] [--once] [--json]\n"
                 "      serve tests one after another (default port %d on 127.0.0.1; --bind 0.0.0.0\n"
                 "      for every address). Without --token-file or WIREBENCH_TOKEN it makes a\n"
                 "      random token and prints it. Received files go to /dev/null or into a\n"
                 "      private directory under $TMPDIR that is removed after each test\n"
                 "      --port N            the TCP port (0: any free port, printed at start)\n"
                 "      --bind ADDR         the numeric address to listen on (0.0.0.0, ::)\n"
                 "      --once              serve one test, then exit: 0 if it succeeded, else 1\n"
                 "      --json              print each served test's result record as one JSON line\n"
                 "  wirebench-agent run KIND --to HOST[:PORT] [options] [--json]\n"
                 "      KIND: udp_stream tcp_stream tcp_rr udp_rr tcp_crr file_transfer packet_rate rrul\n"
                 "      -l SECONDS          duration_s\n"
                 "      -m BYTES            message_size_bytes\n"
                 "      -r REQ,RESP         request_size_bytes,response_size_bytes\n"
                 "      -s BYTES, -S BYTES  send_socket_bytes, recv_socket_bytes\n"
                 "      --rate PPS          rate_pps\n"
                 "      --busy-poll         busy_poll (RR kinds)\n"
                 "      --gso               gso: the kernel cuts each batch into datagrams (udp_stream)\n"
                 "      -P N                streams: N parallel flows (tcp_stream, udp_stream)\n"
                 "      -R, --bidir         direction reverse (the listener sends) or bidirectional\n"
                 "                          (streams, packet_rate; a listener never sends a file)\n"
                 "      --file PATH         path (file_transfer source)\n"
                 "      --set NAME=VALUE    any parameter of docs/agent-protocol.md\n"
                 "      --token-file FILE   the listener's token (32 hex digits); else WIREBENCH_TOKEN\n"
                 "      --json              print the result record as JSON instead of a table\n",
                 kDefaultStandalonePort);
}

int standaloneListen(int argc, char **argv)
{
    // Loopback unless told otherwise: a listener should not be reachable
    // from the whole network by accident.
    std::string bind = "127.0.0.1";
    std::string tokenFile;
    int port = kDefaultStandalonePort;
    bool once = false, asJson = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::string v;
        if (a == "--port" || a == "-p") {
            if (!needValue(i, argc, argv, &v))
                return 2;
            port = std::atoi(v.c_str());
        } else if (a == "--bind") {
            if (!needValue(i, argc, argv, &bind))
                return 2;
        } else if (a == "--token-file") {
            if (!needValue(i, argc, argv, &tokenFile))
                return 2;
        } else if (a == "--token") {
            std::fprintf(stderr, "wirebench-agent listen: %s\n", kArgvTokenRefusal);
            return 2;
        } else if (a == "--once") {
            once = true;
        } else if (a == "--json") {
            asJson = true;
        } else {
            std::fprintf(stderr, "wirebench-agent listen: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    std::string token, err;
    bool given = false;
    if (!tokenFromEnvironmentOrFile(tokenFile, &token, &given, &err)) {
        std::fprintf(stderr, "wirebench-agent listen: %s\n", err.c_str());
        return 2;
    }
    if (!given) {
        const auto made = randomToken(&err);
        if (!made) {
            std::fprintf(stderr, "wirebench-agent listen: cannot make a token: %s\n", err.c_str());
            return 1;
        }
        token = *made;
    }
    if (!acceptableToken(token, &err)) {
        std::fprintf(stderr, "wirebench-agent listen: %s\n", err.c_str());
        return 2;
    }
    if (port < 0 || port > 65535 || !validIpLiteral(bind)) {
        std::fprintf(stderr, "wirebench-agent listen: --bind must be a numeric address and --port 0..65535\n");
        return 2;
    }
    // Received files go only in here. Without it (no writable $TMPDIR, as
    // in an empty chroot) the other kinds still work and files are refused.
    PrivateDir files;
    ServePolicy policy;
    policy.standalone = true;
    if (!files.create("wirebench-listen", &policy.privateDirError))
        std::fprintf(stderr, "wirebench-agent listen: %s; file transfers only with sink=devnull\n",
                     policy.privateDirError.c_str());
    policy.privateDir = files.path();
    installStopSignals();
    ServingEndpoint endpoint;
    endpoint.setKeepListening(true);
    if (!endpoint.open(bind, port, false, &err)) {
        std::fprintf(stderr, "wirebench-agent listen: %s\n", err.c_str());
        return 1;
    }
    std::printf("wirebench-agent listening on %s port %d\n", bind.c_str(), endpoint.port());
    if (!given)
        std::printf("wirebench-agent token %s (give it to run with --token-file FILE or %s)\n", token.c_str(),
                    kTokenEnvironment);
    std::fflush(stdout);
    StandaloneWatchdog watchdog;
    for (int64_t id = 1; !g_signalled; ++id) {
        Fd conn;
        Outcome o = endpoint.acceptClient(token, 1e9, g_signalled, conn);
        if (!o.ok())
            continue;
        const std::string peer = peerAddress(conn.get()).host();
        TestRun run(id, "", "server", TestParams(), nullptr);
        watchdog.watch(&run);
        Fd udp;
        std::string kind;
        policy.listener = endpoint.listenFd(); // tcp_crr's connections come here too
        o = serveTest(run, "", json::Object{}, conn, udp, &kind, policy, &endpoint, token);
        run.end();
        watchdog.watch(nullptr);
        std::string code, message;
        if (run.aborted(&code, &message))
            o = Outcome::fail(code, message);
        if (asJson)
            std::printf("%s\n", json::serialize(run.record()).c_str());
        else if (o.ok())
            std::printf("%s from %s: done\n", kind.c_str(), peer.c_str());
        else
            std::printf("%s from %s: %s (%s)\n", kind.c_str(), peer.c_str(), o.message.c_str(), o.code.c_str());
        std::fflush(stdout);
        if (once)
            return o.ok() ? 0 : 1;
    }
    std::fprintf(stderr, "wirebench-agent listen: stopped by a signal\n");
    return 0;
}

int standaloneRun(int argc, char **argv)
{
    if (argc < 2) {
        printStandaloneUsage("stderr");
        return 2;
    }
    const std::string kind = argv[1];
    const auto *specs = kindParams(kind);
    if (!specs) {
        std::fprintf(stderr, "wirebench-agent run: unknown test kind '%s'\n", kind.c_str());
        return 2;
    }
    std::string to, tokenFile;
    bool asJson = false;
    json::Value givenParams = json::Object{};
    for (int i = 2; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::string v;
        auto set = [&](const char *name) {
            if (!needValue(i, argc, argv, &v))
                return false;
            givenParams[name] = cliValue(v);
            return true;
        };
        bool ok = true;
        if (a == "--to") {
            ok = needValue(i, argc, argv, &to);
        } else if (a == "--token-file") {
            ok = needValue(i, argc, argv, &tokenFile);
        } else if (a == "--token") {
            std::fprintf(stderr, "wirebench-agent run: %s\n", kArgvTokenRefusal);
            return 2;
        } else if (a == "--json") {
            asJson = true;
        } else if (a == "-l") {
            ok = set("duration_s");
        } else if (a == "-m") {
            ok = set("message_size_bytes");
        } else if (a == "-s") {
            ok = set("send_socket_bytes");
        } else if (a == "-S") {
            ok = set("recv_socket_bytes");
        } else if (a == "--rate") {
            ok = set("rate_pps");
        } else if (a == "--file") {
            ok = set("path");
        } else if (a == "--busy-poll") {
            givenParams["busy_poll"] = true;
        } else if (a == "--gso") {
            givenParams["gso"] = true;
        } else if (a == "-P") {
            ok = set("streams");
        } else if (a == "-R") {
            givenParams["direction"] = "reverse";
        } else if (a == "--bidir") {
            givenParams["direction"] = "bidirectional";
        } else if (a == "-r") {
            ok = needValue(i, argc, argv, &v);
            const auto comma = v.find(',');
            givenParams["request_size_bytes"] = cliValue(v.substr(0, comma));
            givenParams["response_size_bytes"] = cliValue(comma == std::string::npos ? v : v.substr(comma + 1));
        } else if (a == "--set") {
            ok = needValue(i, argc, argv, &v);
            const auto eq = v.find('=');
            if (ok && eq == std::string::npos) {
                std::fprintf(stderr, "wirebench-agent run: --set wants NAME=VALUE, not '%s'\n", v.c_str());
                return 2;
            }
            if (ok)
                givenParams[v.substr(0, eq)] = cliValue(v.substr(eq + 1));
        } else {
            std::fprintf(stderr, "wirebench-agent run: unknown option '%s'\n", argv[i]);
            return 2;
        }
        if (!ok)
            return 2;
    }
    std::string host;
    int port = kDefaultStandalonePort;
    if (to.empty() || !splitHostPort(to, &host, &port) || !validIpLiteral(host) || port <= 0 || port > 65535) {
        std::fprintf(stderr, "wirebench-agent run: --to needs a numeric address with an optional :PORT\n");
        return 2;
    }
    std::string err;
    for (const char *name : {"dest_path", "keep_file", "overwrite"}) {
        if (givenParams.contains(name)) {
            std::fprintf(stderr, "wirebench-agent run: '%s' is not for the sending end: a standalone listener writes "
                                 "only into its own private directory (or /dev/null with sink=devnull)\n", name);
            return 2;
        }
    }
    TestParams params;
    if (!TestParams::validate(*specs, givenParams, params, &err)) {
        std::fprintf(stderr, "wirebench-agent run: %s\n", err.c_str());
        return 2;
    }
    std::string token;
    bool haveToken = false;
    if (!tokenFromEnvironmentOrFile(tokenFile, &token, &haveToken, &err)) {
        std::fprintf(stderr, "wirebench-agent run: %s\n", err.c_str());
        return 2;
    }
    if (!haveToken) {
        std::fprintf(stderr, "wirebench-agent run: give the listener's token with --token-file FILE or %s\n",
                     kTokenEnvironment);
        return 2;
    }
    if (!acceptableToken(token, &err)) {
        std::fprintf(stderr, "wirebench-agent run: %s\n", err.c_str());
        return 2;
    }
    installStopSignals();
    TestRun run(1, kind, "client", params, nullptr);
    Outcome o;
    {
        StandaloneWatchdog watchdog;
        watchdog.watch(&run);
        o = runClientTest(run, host, port, token);
        run.end();
        watchdog.watch(nullptr);
    }
    std::string abortCode, abortMessage;
    if (run.aborted(&abortCode, &abortMessage))
        o = Outcome::fail(abortCode, abortMessage);
    if (asJson) {
        json::Value out;
        out["type"] = o.ok() ? "result" : "error";
        if (!o.ok()) {
            out["code"] = o.code;
            out["message"] = o.message;
        }
        out["record"] = run.record();
        std::printf("%s\n", json::serialize(out).c_str());
    } else if (o.ok()) {
        printTable(run.record(), host + ":" + std::to_string(port));
    }
    if (!o.ok()) {
        std::fprintf(stderr, "wirebench-agent run: %s (%s)\n", o.message.c_str(), o.code.c_str());
        return 1;
    }
    return 0;
}

} // namespace wb::agent
