// SPDX-License-Identifier: GPL-3.0-or-later
#include "schedule.h"

#include "store/storedrun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSaveFile>
#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QString kWhenKey = u"X-Wirebench-When"_s;
const QString kSpecKey = u"X-Wirebench-Spec"_s;
const QString kPlanKey = u"X-Wirebench-Plan"_s;
const QString kDatabaseKey = u"X-Wirebench-Database"_s;
const QString kProgramKey = u"X-Wirebench-Program"_s;
const QString kFailIfWorseKey = u"X-Wirebench-Fail-If-Worse"_s;

QString whenName(Schedule::When w)
{
    switch (w) {
    case Schedule::When::At:
        return u"at"_s;
    case Schedule::When::Calendar:
        return u"calendar"_s;
    case Schedule::When::Every:
        break;
    }
    return u"every"_s;
}

// One argument of ExecStart= in systemd's own quoting: '%' and '$' are
// specifiers and variables there unless doubled.
QString execArgument(const QString &arg)
{
    QString a = arg;
    a.replace(u'%', u"%%"_s).replace(u'$', u"$$"_s);
    static const QRegularExpression plain(u"^[A-Za-z0-9_./:=@+,%$-]+$"_s);
    if (plain.match(a).hasMatch())
        return a;
    a.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
    return u'"' + a + u'"';
}

// The key = value lines of a unit file (sections are not needed here).
QHash<QString, QString> unitKeys(const QString &text)
{
    QHash<QString, QString> keys;
    for (const QString &line : text.split(u'\n')) {
        const qsizetype eq = line.indexOf(u'=');
        if (eq <= 0 || line.startsWith(u'#') || line.startsWith(u';'))
            continue;
        keys.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return keys;
}

QString at(const QString &spec)
{
    return u"*-*-* %1:00"_s.arg(spec);
}

} // namespace

ScheduleLastRun scheduleLastRun(const QList<StoredRun> &runs, const QString &name)
{
    // The newest run that names the schedule picks the plan run.
    ScheduleLastRun last;
    const StoredRun *newest = nullptr;
    for (const StoredRun &r : runs)
        if (r.record.extra.value(u"schedule"_s).toString() == name && (!newest || r.startedAt > newest->startedAt))
            newest = &r;
    if (!newest)
        return last;
    last.planRun = newest->record.extra.value(u"plan_run"_s).toString();
    for (const StoredRun &r : runs) {
        if (r.record.extra.value(u"schedule"_s).toString() != name
            || r.record.extra.value(u"plan_run"_s).toString() != last.planRun)
            continue;
        ++last.runs[runStatusName(r.status)];
        if (!last.started.isValid() || r.startedAt < last.started)
            last.started = r.startedAt;
    }
    return last;
}

QString ScheduleLastRun::describe() const
{
    if (planRun.isEmpty())
        return u"not run yet"_s;
    int total = 0;
    QStringList parts;
    for (auto it = runs.cbegin(); it != runs.cend(); ++it) {
        total += it.value();
        parts << u"%1 %2"_s.arg(it.value()).arg(it.key());
    }
    const QString tally = runs.size() == 1 ? u"%1 stored runs, all %2"_s.arg(total).arg(runs.firstKey())
                                           : u"%1 stored runs: %2"_s.arg(total).arg(parts.join(u", "_s));
    return u"%1, %2 (plan run %3)"_s.arg(started.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s), tally, planRun.left(8));
}

std::optional<qint64> parseScheduleInterval(const QString &text)
{
    static const QRegularExpression re(u"^([1-9][0-9]{0,5})(m|min|h|d|w)$"_s);
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const qint64 n = m.captured(1).toLongLong();
    const QString unit = m.captured(2);
    const qint64 scale = unit.startsWith(u'm') ? 60 : unit == u"h"_s ? 3600 : unit == u"d"_s ? 86400 : 604800;
    return n * scale;
}

QString Schedule::validate() const
{
    static const QRegularExpression nameRe(u"^[A-Za-z0-9_-]{1,64}$"_s);
    if (!nameRe.match(name).hasMatch())
        return u"schedule name '%1': use letters, digits, '-' and '_' (1-64 characters)"_s.arg(name);
    for (const auto &[what, value] : {std::pair{u"plan"_s, planPath}, std::pair{u"database"_s, databasePath},
                                      std::pair{u"program"_s, program}, std::pair{u"schedule"_s, spec}})
        if (value.contains(u'\n') || value.contains(u'\r'))
            return u"the %1 must be one line"_s.arg(what);
    if (!QDir::isAbsolutePath(planPath))
        return u"the plan must be an absolute path (the timer runs elsewhere): %1"_s.arg(planPath);
    if (!QDir::isAbsolutePath(program))
        return u"the program must be an absolute path: %1"_s.arg(program);
    if (!failIfWorse.isEmpty()) {
        bool ok = false;
        const double pct = failIfWorse.toDouble(&ok);
        if (!ok || !std::isfinite(pct) || pct < 0 || pct > 1000)
            return u"--fail-if-worse '%1': give a percentage from 0 to 1000"_s.arg(failIfWorse);
    }
    switch (when) {
    case When::Every:
        if (!parseScheduleInterval(spec))
            return u"--every '%1': give a count and a unit, at least a minute (30m, 6h, 1d, 2w)"_s.arg(spec);
        break;
    case When::At: {
        static const QRegularExpression hhmm(u"^([01][0-9]|2[0-3]):[0-5][0-9]$"_s);
        if (!hhmm.match(spec).hasMatch())
            return u"--at '%1': give a time of day as HH:MM (00:00 to 23:59)"_s.arg(spec);
        break;
    }
    case When::Calendar:
        if (spec.trimmed().isEmpty())
            return u"--on-calendar: give a systemd calendar expression (see systemd.time(7))"_s;
        break;
    }
    return {};
}

QStringList Schedule::command() const
{
    QStringList args{program};
    if (!databasePath.isEmpty())
        args << u"--db"_s << databasePath;
    args << u"run"_s << planPath << u"--schedule"_s << name;
    if (!failIfWorse.isEmpty())
        args << u"--fail-if-worse"_s << failIfWorse;
    return args;
}

QString Schedule::describe() const
{
    switch (when) {
    case When::At:
        return u"daily at %1"_s.arg(spec);
    case When::Calendar:
        return u"on calendar %1"_s.arg(spec);
    case When::Every:
        break;
    }
    return u"every %1"_s.arg(spec);
}

QString Schedule::timerText() const
{
    QString t;
    t += u"[Unit]\nDescription=Wirebench schedule %1: %2, %3\n"_s.arg(name, QFileInfo(planPath).fileName(), describe());
    t += u"%1=%2\n%3=%4\n\n[Timer]\n"_s.arg(kWhenKey, whenName(when), kSpecKey, spec);
    if (when == When::Every) {
        const qint64 s = parseScheduleInterval(spec).value_or(3600);
        t += u"OnActiveSec=%1s\nOnUnitActiveSec=%1s\n"_s.arg(s);
    } else {
        t += u"OnCalendar=%1\nPersistent=true\n"_s.arg(when == When::At ? at(spec) : spec);
    }
    t += u"Unit=%1\n\n[Install]\nWantedBy=timers.target\n"_s.arg(serviceUnit());
    return t;
}

QString Schedule::serviceText() const
{
    QStringList exec;
    for (const QString &a : command())
        exec << execArgument(a);
    QString t;
    t += u"[Unit]\nDescription=Wirebench scheduled run %1 of %2\n"_s.arg(name, QFileInfo(planPath).fileName());
    t += u"%1=%2\n%3=%4\n%5=%6\n"_s.arg(kPlanKey, planPath, kDatabaseKey, databasePath, kProgramKey, program);
    if (!failIfWorse.isEmpty())
        t += u"%1=%2\n"_s.arg(kFailIfWorseKey, failIfWorse);
    t += u"\n"_s;
    t += u"[Service]\nType=oneshot\nExecStart=%1\n"_s.arg(exec.join(u' '));
    return t;
}

std::optional<Schedule> Schedule::fromUnits(const QString &timerText, const QString &serviceText, QString *error)
{
    const QHash<QString, QString> timer = unitKeys(timerText);
    const QHash<QString, QString> service = unitKeys(serviceText);
    Schedule s;
    const QString when = timer.value(kWhenKey);
    if (when == u"every"_s)
        s.when = When::Every;
    else if (when == u"at"_s)
        s.when = When::At;
    else if (when == u"calendar"_s)
        s.when = When::Calendar;
    else {
        *error = u"the timer has no %1 (not written by wirebench-cli schedule add)"_s.arg(kWhenKey);
        return std::nullopt;
    }
    s.spec = timer.value(kSpecKey);
    s.planPath = service.value(kPlanKey);
    s.databasePath = service.value(kDatabaseKey);
    s.program = service.value(kProgramKey);
    s.failIfWorse = service.value(kFailIfWorseKey);
    return s;
}

QString userUnitDirectory()
{
    // Tests and unusual set-ups point both front ends elsewhere.
    if (const QString dir = qEnvironmentVariable("WIREBENCH_UNIT_DIR"); !dir.isEmpty())
        return dir;
    const QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    return (config.isEmpty() ? QDir::homePath() + u"/.config"_s : config) + u"/systemd/user"_s;
}

QList<Schedule> listSchedules(const QString &dir, QStringList *problems)
{
    QList<Schedule> out;
    static const QRegularExpression timerRe(u"^wirebench-([A-Za-z0-9_-]{1,64})\\.timer$"_s);
    const QStringList timers = QDir(dir).entryList({u"wirebench-*.timer"_s}, QDir::Files, QDir::Name);
    for (const QString &file : timers) {
        const auto m = timerRe.match(file);
        if (!m.hasMatch())
            continue;
        QFile t(QDir(dir).filePath(file));
        QFile sv(QDir(dir).filePath(u"wirebench-%1.service"_s.arg(m.captured(1))));
        if (!t.open(QIODevice::ReadOnly) || !sv.open(QIODevice::ReadOnly)) {
            problems->append(u"%1: %2"_s.arg(t.isOpen() ? sv.fileName() : t.fileName(),
                                             t.isOpen() ? sv.errorString() : t.errorString()));
            continue;
        }
        QString error;
        auto s = Schedule::fromUnits(QString::fromUtf8(t.readAll()), QString::fromUtf8(sv.readAll()), &error);
        if (!s) {
            problems->append(u"%1: %2"_s.arg(t.fileName(), error));
            continue;
        }
        s->name = m.captured(1);
        out.append(*s);
    }
    return out;
}

bool writeSchedule(const QString &dir, const Schedule &schedule, QString *error)
{
    if (const QString why = schedule.validate(); !why.isEmpty()) {
        *error = why;
        return false;
    }
    if (!QDir().mkpath(dir)) {
        *error = u"cannot create %1"_s.arg(dir);
        return false;
    }
    const QDir d(dir);
    if (QFile::exists(d.filePath(schedule.timerUnit())) || QFile::exists(d.filePath(schedule.serviceUnit()))) {
        *error = u"a schedule named '%1' exists (%2); remove it first"_s.arg(schedule.name,
                                                                             d.filePath(schedule.timerUnit()));
        return false;
    }
    // The service first: a timer never points at a unit that is not there.
    for (const auto &[unit, text] : {std::pair{schedule.serviceUnit(), schedule.serviceText()},
                                     std::pair{schedule.timerUnit(), schedule.timerText()}}) {
        QSaveFile f(d.filePath(unit));
        if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0 || !f.commit()) {
            *error = u"%1: %2"_s.arg(f.fileName(), f.errorString());
            QFile::remove(d.filePath(schedule.serviceUnit()));
            return false;
        }
    }
    return true;
}

bool removeSchedule(const QString &dir, const QString &name, QString *error)
{
    Schedule s;
    s.name = name;
    const QDir d(dir);
    const QString timer = d.filePath(s.timerUnit()), service = d.filePath(s.serviceUnit());
    if (!QFile::exists(timer) && !QFile::exists(service)) {
        *error = u"no schedule named '%1' in %2"_s.arg(name, dir);
        return false;
    }
    // The timer first: nothing starts a service that is going away.
    for (const QString &file : {timer, service}) {
        if (QFile::exists(file) && !QFile::remove(file)) {
            *error = u"cannot remove %1"_s.arg(file);
            return false;
        }
    }
    return true;
}

} // namespace wb
