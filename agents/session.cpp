// SPDX-License-Identifier: GPL-3.0-or-later
#include "session.h"

#include <cerrno>
#include <poll.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace wb::agent {

Session::Session(Output &out) : m_out(out)
{
    addHandler("ping", [](const json::Value &request, Output &o) {
        json::Value reply = makeReply(request["id"], "pong");
        o.send(reply);
    });
}

void Session::addHandler(std::string type, Handler handler)
{
    m_handlers.insert_or_assign(std::move(type), std::move(handler));
}

std::vector<std::string> Session::capabilities() const
{
    std::vector<std::string> caps{"hello"};
    for (const auto &[type, handler] : m_handlers)
        caps.push_back(type);
    caps.insert(caps.end(), m_extraCapabilities.begin(), m_extraCapabilities.end());
    return caps;
}

json::Value Session::makeError(const json::Value &id, std::string_view code, std::string message)
{
    json::Value e;
    e["type"] = "error";
    e["id"] = id.isInt() ? id : json::Value();
    e["code"] = std::string(code);
    e["message"] = std::move(message);
    return e;
}

json::Value Session::makeReply(const json::Value &id, std::string_view type)
{
    json::Value r;
    r["type"] = std::string(type);
    r["id"] = id;
    return r;
}

void Session::handleLine(std::string_view line)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos)
        return; // blank lines are allowed between messages
    if (line.size() > kMaxLineBytes) {
        m_out.send(makeError({}, "too_large",
                             "message longer than " + std::to_string(kMaxLineBytes) + " bytes; skipped"));
        return;
    }
    json::ParseError perr;
    auto parsed = json::parse(line, &perr, {kMaxLineBytes, 32});
    if (!parsed) {
        m_out.send(makeError({}, "malformed",
                             "not valid JSON at byte " + std::to_string(perr.offset) + ": " + perr.message));
        return;
    }
    const json::Value &msg = *parsed;
    if (!msg.isObject()) {
        m_out.send(makeError({}, "invalid_message", "a message must be a JSON object"));
        return;
    }
    const json::Value &id = msg["id"];
    if (!id.isInt() || id.asInt() < 0) {
        m_out.send(makeError({}, "invalid_message", "field 'id' must be a non-negative integer"));
        return;
    }
    const json::Value &type = msg["type"];
    if (!type.isString() || type.asString().empty()) {
        m_out.send(makeError(id, "invalid_message", "field 'type' must be a non-empty string"));
        return;
    }
    if (type.asString() == "hello") {
        handleHello(msg);
        return;
    }
    auto it = m_handlers.find(type.asString());
    if (it == m_handlers.end()) {
        m_out.send(makeError(id, "unknown_type", "unknown message type '" + type.asString() + "'"));
        return;
    }
    if (!m_handshakeDone) {
        m_out.send(makeError(id, "handshake_required",
                             "send 'hello' before '" + type.asString() + "'"));
        return;
    }
    it->second(msg, m_out);
}

void Session::handleHello(const json::Value &request)
{
    const json::Value &id = request["id"];
    const json::Value &protocol = request["protocol"];
    if (!protocol.isInt()) {
        m_out.send(makeError(id, "invalid_message", "field 'protocol' of 'hello' must be an integer"));
        return;
    }
    if (protocol.asInt() != kProtocolVersion) {
        json::Value e = makeError(id, "protocol_mismatch",
                                  "controller speaks protocol " + std::to_string(protocol.asInt())
                                      + ", this agent (version " WIREBENCH_VERSION ") speaks protocol "
                                      + std::to_string(kProtocolVersion));
        e["agent_protocol"] = kProtocolVersion;
        e["agent_version"] = WIREBENCH_VERSION;
        m_out.send(e);
        return;
    }
    bool takesSamples = false;
    for (const auto &c : request["capabilities"].asArray())
        takesSamples = takesSamples || c.asString() == "samples";
    m_controllerTakesSamples = takesSamples;
    json::Value reply = makeReply(id, "hello");
    reply["protocol"] = kProtocolVersion;
    reply["agent_version"] = WIREBENCH_VERSION;
    reply["host"] = hostName();
    reply["os"] = "Linux";
    reply["arch"] = machineArch();
    reply["pid"] = static_cast<long long>(::getpid());
    json::Array caps;
    for (const auto &c : capabilities())
        caps.emplace_back(c);
    reply["capabilities"] = std::move(caps);
    m_handshakeDone = true;
    m_out.send(reply);
}

int serveStream(Session &session, Output &out, int inFd, const std::atomic<bool> *quit)
{
    std::string buffer;
    bool discarding = false; // inside an over-long line
    char chunk[65536];
    for (;;) {
        if (quit) {
            if (quit->load())
                return 0;
            pollfd p{inFd, POLLIN, 0};
            const int r = ::poll(&p, 1, 100);
            if (r == 0 || (r < 0 && errno == EINTR))
                continue;
        }
        ssize_t n = ::read(inFd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return 1;
        }
        if (n == 0)
            break;
        size_t start = 0;
        for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
            if (chunk[i] != '\n')
                continue;
            if (discarding) {
                discarding = false;
            } else {
                buffer.append(chunk + start, i - start);
                session.handleLine(buffer); // answers too_large itself when over the limit
            }
            buffer.clear();
            start = i + 1;
        }
        if (!discarding)
            buffer.append(chunk + start, static_cast<size_t>(n) - start);
        if (buffer.size() > kMaxLineBytes) {
            out.send(Session::makeError({}, "too_large",
                                        "message longer than " + std::to_string(kMaxLineBytes)
                                            + " bytes; skipped up to the next newline"));
            buffer.clear();
            discarding = true;
        }
    }
    if (!discarding && !buffer.empty())
        session.handleLine(buffer);
    return 0;
}

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return "unknown";
    return buf;
}

std::string machineArch()
{
    struct utsname u {};
    if (::uname(&u) != 0)
        return "unknown";
    return u.machine;
}

} // namespace wb::agent
