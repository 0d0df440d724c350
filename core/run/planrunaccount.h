// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one plan run already holds in the database, case by case, so that a
// resume runs exactly what is missing. A case is done only when all its
// repetitions finished (its repetition rule is met and nothing of it failed
// or was cut) or, for a zero-loss search (rfc2544), when the whole search
// finished. A case cut after some repetitions keeps those and runs only the
// missing ones; a cut search runs again from the start, because its trials
// are steps of one search over one state of the lab, and a later session
// cannot take them up where the lab was then.

#include "plan.h"
#include "result/resultrecord.h"
#include "store/storedrun.h"
#include "store/storeerror.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

class ResultStore;

// One case of a plan run as stored.
struct CaseAccount
{
    QString key;
    QString name;
    bool search = false;   // a zero-loss search
    bool complete = false; // nothing of it runs again
    // Finished repetitions a resume keeps, in repetition order (with their
    // metrics). Empty for a search: its trials are never taken up.
    QList<StoredRun> kept;
    // Stored rows the resumed case replaces when it is stored again: the
    // record of a cut or failed repetition, a cut search's trials.
    QList<qint64> replaced;
    int storedRuns = 0;
    // A search that was cut after some trials (it runs whole again).
    bool searchRestarted() const { return search && !complete && storedRuns > 0; }
};

class PlanRunAccount
{
public:
    PlanRunAccount() = default;
    // Sorts `runs` (those of one plan run, of any status, with metrics) into
    // the cases of `plan`.
    PlanRunAccount(const Plan &plan, const QString &planRunId, const QList<StoredRun> &runs);

    // The runs of plan run `planRunId` of `plan` as the database holds
    // them. Runs on the store's thread (inside StoreService::read/write).
    static StoreResult<PlanRunAccount> load(ResultStore &store, const Plan &plan, const QString &planRunId);
    // The plan runs among the newest `recentRuns` runs that have cases left
    // to run, newest first, each with the plan it was made with (see
    // storedPlan()). On the store's thread.
    static StoreResult<QList<PlanRunAccount>> unfinished(ResultStore &store, int recentRuns = 5000);

    QString planRunId() const { return m_planRunId; }
    QString planName() const { return m_plan.name; }
    // From unfinished(): why the plan run cannot be resumed from the plan
    // stored with it (then plan() has no cases). Empty when it can.
    QString problem() const { return m_problem; }
    // The plan this account was sorted by.
    const Plan &plan() const { return m_plan; }
    // The plan the stored runs were made with, as kept with them (empty for
    // runs that carry none).
    const QJsonObject &storedPlanSource() const { return m_storedSource; }
    // The plan made from a stored source, narrowed to the cases the plan
    // run held when it goes by another name (a Re-run from the Results page
    // runs one case of its plan as "<plan> (re-run)"). Empty, with `problem`
    // saying why, when it cannot be made.
    static std::optional<Plan> storedPlan(const QJsonObject &source, const QString &planName,
                                          const QSet<QString> &storedKeys, QString *problem);
    // Whether `plan` is still the plan this run was made with: every case
    // the run stored is in it, and it has no case the stored plan did not
    // have. Empty when it is; else what changed, for a person.
    QString mismatch(const Plan &plan) const;

    int storedRuns() const { return m_storedRuns; }
    QDateTime started() const { return m_started; }
    QDateTime lastEnded() const { return m_lastEnded; }
    // Null: nothing of that case is stored.
    const CaseAccount *find(const QString &key) const;
    QSet<QString> storedKeys() const;
    QSet<QString> completeKeys() const;
    // The finished repetitions to keep, of the cases that are not complete.
    QHash<QString, QList<ResultRecord>> keptIterations() const;
    int completeCases() const;
    int cases() const { return int(m_plan.cases.size()); }
    // Cases that are not complete but keep some repetitions.
    int continuedCases() const;
    int keptRepetitions() const;
    QStringList restartedSearches() const; // case names
    bool isFinished() const { return m_problem.isEmpty() && completeCases() == cases(); }
    // "1 of 3 cases finished; 1 continues with 2 repetitions kept; the cut
    // zero-loss search 'rfc [frame_size_bytes=64]' runs again from the start".
    QString describe() const;

private:
    Plan m_plan;
    QString m_planRunId;
    QJsonObject m_storedSource;
    QString m_problem;
    QHash<QString, CaseAccount> m_cases;
    QStringList m_strayNames; // stored cases the plan does not have
    int m_storedRuns = 0;
    QDateTime m_started;
    QDateTime m_lastEnded;
};

} // namespace wb
