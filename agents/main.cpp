// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench-agent: the measurement program that runs on each lab host. It
// speaks the agent protocol (docs/agent-protocol.md) on stdin/stdout.

#include "output.h"
#include "session.h"
#include "standalone.h"
#include "sysinfo.h"
#include "testmanager.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unistd.h>

namespace {

// Exit status when the agent left because its controller's heartbeat stopped.
constexpr int kExitControllerLost = 3;

void printUsage(FILE *to)
{
    std::fprintf(to,
                 "Usage: wirebench-agent --stdio | --version | --help | sysinfo | listen | run\n"
                 "\n"
                 "  --stdio     speak the Wirebench agent protocol (JSON lines) on stdin/stdout;\n"
                 "              this is how the workbench drives the agent, locally or over SSH\n"
                 "  --version   print the agent and protocol versions and exit\n"
                 "  --help      show this help\n"
                 "  sysinfo     print what the host and its NICs are, as JSON\n"
                 "\n");
    wb::agent::printStandaloneUsage(to == stdout ? "stdout" : "stderr");
}

} // namespace

int main(int argc, char **argv)
{
    std::signal(SIGPIPE, SIG_IGN);
    if (argc < 2) {
        printUsage(stderr);
        return 2;
    }
    std::string_view cmd = argv[1];
    if (cmd == "--version") {
        std::printf("wirebench-agent %s protocol %d\n", WIREBENCH_VERSION, wb::agent::kProtocolVersion);
        return 0;
    }
    if (cmd == "--help" || cmd == "-h") {
        printUsage(stdout);
        return 0;
    }
    if (cmd == "--stdio") {
        wb::agent::Output out(STDOUT_FILENO);
        wb::agent::Session session(out);
        session.addHandler("sysinfo", [](const wb::json::Value &request, wb::agent::Output &o) {
            wb::json::Value reply = wb::agent::collectSysinfo();
            reply["type"] = "sysinfo";
            reply["id"] = request["id"];
            o.send(reply);
        });
        wb::agent::TestManager tests(session, out);
        const int rc = wb::agent::serveStream(session, out, STDIN_FILENO, &tests.controllerLost());
        if (tests.controllerLost()) {
            tests.shutdown("heartbeat_lost", "the controller's heartbeat stopped; test stopped");
            std::fprintf(stderr, "wirebench-agent: the controller's heartbeat stopped; tests ended, exiting\n");
            return kExitControllerLost;
        }
        // stdin closed: the controller is gone, so every test stops now.
        tests.shutdown("agent_exiting", "the controller closed the agent's input");
        return rc;
    }
    if (cmd == "listen")
        return wb::agent::standaloneListen(argc - 1, argv + 1);
    if (cmd == "run")
        return wb::agent::standaloneRun(argc - 1, argv + 1);
    if (cmd == "sysinfo") {
        std::printf("%s\n", wb::json::serialize(wb::agent::collectSysinfo()).c_str());
        return 0;
    }
    std::fprintf(stderr, "wirebench-agent: unknown command '%s'\n\n", argv[1]);
    printUsage(stderr);
    return 2;
}
