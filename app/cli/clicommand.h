// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CLI's command table. Each command file registers itself with
// WB_CLI_COMMAND, so adding a command touches only its own file and the
// CMake source list. A command's option table is the one source of what it
// accepts: main.cpp refuses anything else before the command runs, and
// `COMMAND --help`, the man page test and the shell completion are made
// from it.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>

namespace wb::cli {

struct Option
{
    QString name;    // "--kind"
    QString value;   // what follows it in the synopsis ("K", "FILE"); empty for a flag
    QString meaning; // one line for `COMMAND --help`
    QString alias = {}; // a short spelling ("-y"), or empty
};

struct Command;

struct CliContext
{
    QStringList args;     // the command's own arguments, after its words
    QString databasePath; // --db, or empty for the default
    bool json = false;    // --json
    QTextStream &out;
    QTextStream &err;
    const Command *command = nullptr; // the command being run, for its error messages
};

struct Command
{
    QString words;   // "agents check"
    QString usage;   // argument synopsis after the words
    QString summary; // one line for --help
    QList<Option> options; // every option the command takes, besides --db
    std::function<int(CliContext &)> run;
    bool listed = true; // false: not in `wirebench-cli --help`'s commands
    QStringList operandWords = {}; // the words an argument may be, for completion; empty: file names

    const Option *option(const QString &nameOrAlias) const
    {
        for (const Option &o : options)
            if (o.name == nameOrAlias || (!o.alias.isEmpty() && o.alias == nameOrAlias))
                return &o;
        return nullptr;
    }
};

QList<Command> &commandTable();
const Command *findCommand(const QString &words); // nullptr when there is none

struct CommandRegistration
{
    explicit CommandRegistration(Command command) { commandTable().append(std::move(command)); }
};

// The options several commands share, declared once.
inline Option jsonOption()
{
    return {QStringLiteral("--json"), QString(), QStringLiteral("JSON lines: one object per line, each with a \"type\"")};
}
// How `run`, `experiment`, `hosts check` and `inventory discover` reach lab
// hosts over SSH (clilabaccess.h).
inline QList<Option> sshTrustOptions()
{
    return {{QStringLiteral("--accept-new-host-keys"), QString(),
             QStringLiteral("trust a host key seen for the first time (recorded in Wirebench's known_hosts)")},
            {QStringLiteral("--known-hosts"), QStringLiteral("FILE"),
             QStringLiteral("the known_hosts file Wirebench records host keys in")},
            {QStringLiteral("--ssh-dir"), QStringLiteral("DIR"),
             QStringLiteral("the SSH folder to read config, keys and known_hosts from (default ~/.ssh)")},
            {QStringLiteral("--no-keychain"), QString(),
             QStringLiteral("never read or store passwords in the system keychain")}};
}

// One line of --json output: `object` with its "type" (group, record, run,
// host, baseline, ...), compact, on one line. Every line a command prints on
// standard output under --json is one of these.
void printJsonLine(CliContext &ctx, const QString &type, QJsonObject object);

// "wirebench-cli" and the command's words: what every message of a command starts with.
QString commandName(const CliContext &ctx);

// "wirebench-cli WORDS: MESSAGE (see 'wirebench-cli WORDS --help')": the one
// form of a command line error. Returns kExitUsage.
int usageError(CliContext &ctx, const QString &message);
// The same form, then the choices the message speaks of, one a line, indented.
int usageError(CliContext &ctx, const QString &message, const QStringList &choices);

// compare and history: a --condition number out of range, with the
// conditions' labels numbered as --condition takes them.
inline int conditionNumberError(CliContext &ctx, const QStringList &labels)
{
    QStringList numbered;
    for (qsizetype i = 0; i < labels.size(); ++i)
        numbered << QStringLiteral("%1. %2").arg(i + 1).arg(labels[i]);
    return usageError(
        ctx, QStringLiteral("--condition takes a number from 1 to %1, one of the conditions below").arg(labels.size()),
        numbered);
}

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
