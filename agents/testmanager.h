// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent's test requests: "serve" (listen for one test), "run" (start a
// test against a serving agent), "cancel" and "heartbeat". Each test runs on
// its own thread so the session keeps answering while it measures; a
// watchdog thread stops tests that overrun their duration plus a margin, and
// everything when the controller's heartbeat stops.

#include "json.h"
#include "output.h"
#include "session.h"
#include "testrun.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace wb::agent {

class TestManager
{
public:
    static constexpr size_t kMaxConcurrentTests = 64;
    // Samples per "samples" message: about 80 KB of JSON.
    static constexpr size_t kSamplesPerMessage = 1000;
    // A controller that does not take "samples" messages gets them in the
    // record as before, at most this many (about 15 MB, under its 16 MiB line).
    static constexpr size_t kInlineSamples = 200000;

    TestManager(Session &session, Output &out);
    ~TestManager();
    TestManager(const TestManager &) = delete;
    TestManager &operator=(const TestManager &) = delete;

    // Stops every test (each ends with an error `code`) and waits for them.
    void shutdown(const std::string &code, const std::string &message);
    size_t activeCount();
    // Set once the controller's heartbeat stopped: the agent should exit.
    const std::atomic<bool> &controllerLost() const { return m_controllerLost; }

private:
    struct Active
    {
        std::shared_ptr<TestRun> run;
        std::thread thread;
        std::atomic<bool> finished{false};
    };

    void handleServe(const json::Value &request, Output &out);
    void handleRun(const json::Value &request, Output &out);
    void handleCancel(const json::Value &request, Output &out);
    void handleHeartbeat(const json::Value &request, Output &out);
    void handleMonitor(const json::Value &request, Output &out);
    // Refuses a duplicate id or one test too many; true when it may start.
    bool admit(const json::Value &id, Output &out);
    // Checks the fields every test request shares; fills run parameters.
    bool validateTestRequest(const json::Value &request, Output &out, TestParams &params);
    void start(int64_t id, std::shared_ptr<TestRun> run, std::function<void(TestRun &)> body);
    void finish(TestRun &run, const std::string &code, const std::string &message);
    size_t sendSamples(TestRun &run);
    void watchdogLoop();

    Session &m_session;
    Output &m_out;
    std::mutex m_mutex;
    std::map<int64_t, std::unique_ptr<Active>> m_active;
    std::thread m_watchdog;
    std::condition_variable m_wake;
    bool m_quit = false;
    int64_t m_heartbeatTimeoutNs = 0; // 0: no heartbeat armed
    int64_t m_lastHeartbeatNs = 0;
    std::atomic<bool> m_controllerLost{false};
};

} // namespace wb::agent
