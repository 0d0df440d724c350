// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CLI's command table. Each command file registers itself with
// WB_CLI_COMMAND, so adding a command touches only its own file and the
// CMake source list.

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>

namespace wb::cli {

struct CliContext
{
    QStringList args;     // the command's own arguments, after its words
    QString databasePath; // --db, or empty for the default
    bool json = false;    // --json
    QTextStream &out;
    QTextStream &err;
};

struct Command
{
    QString words;   // "agents check"
    QString usage;   // argument synopsis after the words
    QString summary; // one line for --help
    std::function<int(CliContext &)> run;
};

QList<Command> &commandTable();

struct CommandRegistration
{
    explicit CommandRegistration(Command command) { commandTable().append(std::move(command)); }
};

// Exit codes shared by all commands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; // the work ran and something failed
inline constexpr int kExitUsage = 2;   // the command line was wrong
inline constexpr int kExitInterrupted = 130; // SIGINT/SIGTERM cancelled the work (128 + SIGINT, as shells do)

} // namespace wb::cli

#define WB_CLI_CONCAT2(a, b) a##b
#define WB_CLI_CONCAT(a, b) WB_CLI_CONCAT2(a, b)
#define WB_CLI_COMMAND(...) \
    static const ::wb::cli::CommandRegistration WB_CLI_CONCAT(wbCliCommand, __LINE__){::wb::cli::Command{__VA_ARGS__}}
