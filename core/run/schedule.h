// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Scheduled plans, kept where the platform's own scheduler reads them:
// one systemd user timer and one service per schedule
// (wirebench-NAME.timer / .service in ~/.config/systemd/user). The service
// runs `wirebench-cli run PLAN --schedule NAME`, an ordinary run that
// records its schedule and never prompts. What a schedule is (plan,
// database, when) is kept in X-Wirebench- keys of the units themselves, so
// listing reads the unit files and nothing else.

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct StoredRun;

struct Schedule
{
    enum class When { Every, At, Calendar };

    QString name;         // letters, digits, '-' and '_', 1-64
    QString planPath;     // absolute
    QString databasePath; // file or URL as given to --db; empty: the default
    QString program;      // absolute path of wirebench-cli
    When when = When::Every;
    QString spec;         // "6h", "03:30" or a systemd calendar expression
    QString failIfWorse;  // run's --fail-if-worse PCT; empty: no regression gate

    QString timerUnit() const { return QStringLiteral("wirebench-") + name + QStringLiteral(".timer"); }
    QString serviceUnit() const { return QStringLiteral("wirebench-") + name + QStringLiteral(".service"); }
    QString timerText() const;
    QString serviceText() const;
    // The command the service runs, as arguments (program first).
    QStringList command() const;
    // "every 6h", "daily at 03:30", "on calendar Mon *-*-* 02:00".
    QString describe() const;

    // Checks name and spec; empty when the schedule can be written.
    QString validate() const;

    // Reads a schedule back from its two unit files' texts.
    static std::optional<Schedule> fromUnits(const QString &timerText, const QString &serviceText, QString *error);
};

// The newest plan run a schedule started, from stored runs (any order).
struct ScheduleLastRun
{
    QString planRun;          // empty: the schedule has not run yet
    QDateTime started;        // its first run's start
    QMap<QString, int> runs;  // stored runs by status name
    // "2026-12-02 03:00, 6 stored runs, all finished (plan run 3bd6bed7)"
    QString describe() const;
};
ScheduleLastRun scheduleLastRun(const QList<StoredRun> &runs, const QString &name);

// "30m", "6h", "1d", "2w" (at least one minute): the seconds, or nothing.
std::optional<qint64> parseScheduleInterval(const QString &text);

// Where user units live: $WIREBENCH_UNIT_DIR when set, else
// $XDG_CONFIG_HOME/systemd/user or ~/.config/systemd/user.
QString userUnitDirectory();

// The schedules whose two unit files are in `dir`, by name; a pair that
// cannot be read is named in *problems.
QList<Schedule> listSchedules(const QString &dir, QStringList *problems);
// Writes both units (refusing a name already scheduled); false with the reason.
bool writeSchedule(const QString &dir, const Schedule &schedule, QString *error);
// Deletes both units; false with the reason (no such schedule, unwritable).
bool removeSchedule(const QString &dir, const QString &name, QString *error);

} // namespace wb
