// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One controller conversation: validates each incoming line, enforces the
// hello handshake, and dispatches requests to the handler registered for
// their type. Every malformed or unknown message gets an error reply naming
// the problem; nothing a controller sends can stop the session.

#include "json.h"
#include "output.h"
#include "protocolversion.h" // core/protocol: one version for both programs

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace wb::agent {

inline constexpr int kProtocolVersion = ::wb::kAgentProtocolVersion;
inline constexpr size_t kMaxLineBytes = 1 << 20;

class Session
{
public:
    // A handler receives the validated request (an object with "type" and an
    // integer "id") and answers through the output, exactly once with a final
    // reply or an error, possibly after interim "sample" messages.
    using Handler = std::function<void(const json::Value &request, Output &out)>;

    explicit Session(Output &out);

    void addHandler(std::string type, Handler handler);
    // A capability that is no request type (a field a request may carry).
    void addCapability(std::string name) { m_extraCapabilities.push_back(std::move(name)); }
    void handleLine(std::string_view line);
    bool handshakeDone() const { return m_handshakeDone; }
    // The controller said in its hello that it takes a result's samples in
    // "samples" messages (capability "samples"); read from test threads.
    bool controllerTakesSamples() const { return m_controllerTakesSamples.load(); }
    std::vector<std::string> capabilities() const;

    static json::Value makeError(const json::Value &id, std::string_view code, std::string message);
    static json::Value makeReply(const json::Value &id, std::string_view type);

private:
    void handleHello(const json::Value &request);

    Output &m_out;
    std::map<std::string, Handler, std::less<>> m_handlers;
    std::vector<std::string> m_extraCapabilities;
    bool m_handshakeDone = false;
    std::atomic<bool> m_controllerTakesSamples{false};
};

// Reads newline-terminated messages from inFd until end of input, handing
// each to the session. Over-long lines are answered with an error and
// skipped. Returns 0 when the input closed normally, or as soon as `quit`
// (when given) is set.
int serveStream(Session &session, Output &out, int inFd, const std::atomic<bool> *quit = nullptr);

std::string hostName();
std::string machineArch();

} // namespace wb::agent
