// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target over what a peer agent sends first on a test's data
// connection: the token line, then header lines read through the same
// ControlChannel the serving end uses (over a socketpair, so the framing,
// the line limit and the parser are the real ones), each interpreted for
// every kind and for the standalone listener. Beyond "no crash, no hang"
// it checks the promises: the token matches only itself, and no header
// ever gets a path, sink, keep_file or overwrite past the serving end.

#include "controlchannel.h"
#include "json.h"
#include "peerheader.h"
#include "testparams.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <unistd.h>

namespace {

const std::string kToken = "0123456789abcdef0123456789abcdef";

void check(bool ok)
{
    if (!ok)
        std::abort();
}

void interpretEverywhere(const wb::json::Value &header)
{
    static const wb::json::Value kNoOverrides = wb::json::Object{};
    static const wb::json::Value overrides = [] {
        wb::json::Value o = wb::json::Object{};
        o["duration_s"] = 1;
        return o;
    }();
    for (const bool standalone : {false, true}) {
        std::vector<std::string> expected = wb::agent::kindNames();
        expected.emplace_back(); // the standalone listener takes any kind
        for (const auto &kind : expected) {
            for (const auto *over : {&kNoOverrides, &overrides}) {
                wb::agent::PeerHeader out;
                std::string code, message;
                if (!wb::agent::interpretPeerHeader(header, kind, *over, standalone, &out, &code, &message)) {
                    check(!code.empty() && !message.empty());
                    continue;
                }
                check(wb::agent::kindParams(out.kind) != nullptr);
                check(kind.empty() || out.kind == kind);
                // Neither overrides set any of these, so whatever the peer
                // said, they are absent or the spec's defaults.
                check(!out.params.has("path") && !out.params.has("dest_path"));
                check(!out.params.flag("keep_file") && !out.params.flag("overwrite"));
                if (!standalone && out.params.has("sink"))
                    check(out.params.text("sink") == "file");
                if (over == &overrides)
                    check(out.params.number("duration_s") == 1);
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);

    // The token line matches exactly the token and a newline, nothing else.
    const bool matches = wb::agent::tokenLineMatches(text, kToken);
    check(matches == (size >= 33 && text.substr(0, 32) == kToken && text[32] == '\n'));

    // What follows the token goes through the channel as it would on a socket.
    const std::string_view rest = size >= 33 ? text.substr(33) : text;
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return 0;
    size_t done = 0;
    while (done < rest.size()) {
        const ssize_t n = ::write(sv[1], rest.data() + done, rest.size() - done);
        if (n <= 0)
            break;
        done += static_cast<size_t>(n);
    }
    ::shutdown(sv[1], SHUT_WR);
    std::atomic<bool> stop{false};
    wb::agent::ControlChannel chan(sv[0], stop);
    for (int line = 0; line < 8; ++line) {
        std::string err;
        auto header = chan.readLine(1000, &err);
        if (!header) {
            check(!err.empty());
            break;
        }
        check(header->isObject());
        interpretEverywhere(*header);
    }
    ::close(sv[0]);
    ::close(sv[1]);
    return 0;
}
