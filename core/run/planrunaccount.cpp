// SPDX-License-Identifier: GPL-3.0-or-later
#include "planrunaccount.h"

#include "caseresult.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QString kSearchKind = u"rfc2544"_s;

// A plan run's measurements are named "<plan run id>-<case key>" (see
// PlanRecorder); an imported run's measurement uuid is a real UUID.
const QRegularExpression &planMeasurement()
{
    static const QRegularExpression re(u"^([0-9a-f]{1,8})-([0-9a-f]{16})$"_s);
    return re;
}

bool byRepetition(const StoredRun &a, const StoredRun &b)
{
    return a.repetition != b.repetition ? a.repetition < b.repetition : a.id < b.id;
}

} // namespace

PlanRunAccount::PlanRunAccount(const Plan &plan, const QString &planRunId, const QList<StoredRun> &runs)
    : m_plan(plan), m_planRunId(planRunId)
{
    const QString prefix = planRunId + u'-';
    QHash<QString, QList<StoredRun>> byCase;
    for (const StoredRun &r : runs) {
        if (!r.measurementUuid.startsWith(prefix))
            continue;
        ++m_storedRuns;
        byCase[r.measurementUuid.mid(prefix.size())].append(r);
        if (!m_started.isValid() || r.startedAt < m_started)
            m_started = r.startedAt;
        if (r.endedAt.isValid() && (!m_lastEnded.isValid() || r.endedAt > m_lastEnded))
            m_lastEnded = r.endedAt;
        if (m_storedSource.isEmpty())
            m_storedSource = r.record.extra.value(u"plan"_s).toObject();
    }
    for (const TestCase &tc : std::as_const(m_plan.cases)) {
        auto it = byCase.find(tc.key);
        if (it == byCase.end())
            continue;
        QList<StoredRun> rows = *it;
        byCase.erase(it);
        std::sort(rows.begin(), rows.end(), byRepetition);
        CaseAccount a;
        a.key = tc.key;
        a.name = tc.name;
        a.search = tc.kind == kSearchKind;
        a.storedRuns = int(rows.size());
        if (a.search) {
            // Done once its outcome is stored; else every row of the cut
            // search goes, and the search runs whole.
            a.complete = std::any_of(rows.cbegin(), rows.cend(), [](const StoredRun &r) {
                return r.status == RunStatus::Finished && r.record.kind == kSearchKind;
            });
            if (!a.complete)
                for (const StoredRun &r : std::as_const(rows))
                    a.replaced.append(r.id);
        } else {
            QList<ResultRecord> records;
            for (const StoredRun &r : std::as_const(rows)) {
                if (r.status == RunStatus::Finished) {
                    a.kept.append(r);
                    records.append(r.record);
                } else {
                    a.replaced.append(r.id);
                }
            }
            // Exactly the rule the case ran by: a case that failed after its
            // last repetition (say, while reading the environment after it)
            // is not done, but has nothing left to measure.
            a.complete = a.replaced.isEmpty() && repetitionsComplete(records, tc.repetitions);
        }
        if (a.complete)
            a.kept.clear(); // nothing of it runs: nothing to hand over
        m_cases.insert(tc.key, a);
    }
    for (auto it = byCase.cbegin(); it != byCase.cend(); ++it)
        m_strayNames.append(it->first().testCase.isEmpty() ? it.key() : it->first().testCase);
    m_strayNames.sort();
}

StoreResult<PlanRunAccount> PlanRunAccount::load(ResultStore &store, const Plan &plan, const QString &planRunId)
{
    RunFilter f;
    f.plan = plan.name;
    f.newestFirst = false;
    f.withDetails = false; // the big JSON of one run is enough (below)
    auto listed = store.runs().listRuns(f);
    if (!listed)
        return listed.error();
    const QString prefix = planRunId + u'-';
    QList<StoredRun> runs;
    for (const StoredRun &r : std::as_const(*listed))
        if (r.measurementUuid.startsWith(prefix))
            runs.append(r);
    for (StoredRun &r : runs) {
        auto metrics = store.runs().metrics(r.id);
        if (!metrics)
            return metrics.error();
        r.record.metrics = *metrics;
    }
    if (!runs.isEmpty()) {
        // The plan it was made with, for mismatch(): kept with every run.
        auto first = store.runs().run(runs.first().id, false);
        if (!first)
            return first.error();
        runs.first().record.extra = first->record.extra;
    }
    return PlanRunAccount(plan, planRunId, runs);
}

std::optional<Plan> PlanRunAccount::storedPlan(const QJsonObject &source, const QString &planName,
                                               const QSet<QString> &storedKeys, QString *problem)
{
    if (source.isEmpty()) {
        *problem = u"its runs carry no plan (they were imported, or made without one)"_s;
        return std::nullopt;
    }
    QString error;
    auto plan = Plan::fromJson(source, &error);
    if (!plan) {
        *problem = u"the plan stored with it no longer loads: %1"_s.arg(error);
        return std::nullopt;
    }
    if (plan->name != planName) {
        // A Re-run: one case of the stored plan, under another name.
        QList<TestCase> held;
        for (const TestCase &c : std::as_const(plan->cases))
            if (storedKeys.contains(c.key))
                held.append(c);
        plan->cases = held;
        plan->name = planName;
    }
    if (plan->cases.isEmpty()) {
        *problem = u"none of its stored test cases is in the plan stored with it"_s;
        return std::nullopt;
    }
    return plan;
}

StoreResult<QList<PlanRunAccount>> PlanRunAccount::unfinished(ResultStore &store, int recentRuns)
{
    constexpr int kMaxPlanRuns = 20;
    RunFilter f;
    f.limit = recentRuns;
    f.withDetails = false;
    auto listed = store.runs().listRuns(f);
    if (!listed)
        return listed.error();
    struct Candidate
    {
        QString planName;
        QString planRunId;
        qint64 anyRunId = 0;
        QSet<QString> keys;
    };
    QList<Candidate> candidates; // newest first, as listed
    QHash<QString, qsizetype> index;
    for (const StoredRun &r : std::as_const(*listed)) {
        if (r.plan.isEmpty())
            continue;
        const auto m = planMeasurement().match(r.measurementUuid);
        if (!m.hasMatch())
            continue;
        const QString id = m.captured(1);
        const QString groupKey = r.plan + u'\n' + id;
        auto it = index.constFind(groupKey);
        if (it == index.cend()) {
            if (candidates.size() >= kMaxPlanRuns)
                continue;
            it = index.insert(groupKey, candidates.size());
            candidates.append(Candidate{r.plan, id, r.id, {}});
        }
        candidates[*it].keys.insert(m.captured(2));
    }
    QList<PlanRunAccount> out;
    for (const Candidate &c : std::as_const(candidates)) {
        auto run = store.runs().run(c.anyRunId, false);
        if (!run)
            return run.error();
        const QJsonObject source = run->record.extra.value(u"plan"_s).toObject();
        QString problem;
        const auto plan = storedPlan(source, c.planName, c.keys, &problem);
        PlanRunAccount account;
        if (plan) {
            auto loaded = load(store, *plan, c.planRunId);
            if (!loaded)
                return loaded.error();
            account = *loaded;
            if (account.isFinished())
                continue;
        } else {
            Plan named;
            named.name = c.planName;
            account.m_plan = named;
            account.m_planRunId = c.planRunId;
            account.m_problem = problem;
            account.m_storedSource = source;
            // What it holds, for the list (with no plan to sort it by, every
            // stored case counts as a stray).
            RunFilter one;
            one.plan = c.planName;
            one.withDetails = false;
            auto rows = store.runs().listRuns(one);
            if (!rows)
                return rows.error();
            const QString prefix = c.planRunId + u'-';
            if (std::all_of(rows->cbegin(), rows->cend(), [&](const StoredRun &r) {
                    return !r.measurementUuid.startsWith(prefix) || r.status == RunStatus::Finished;
                }))
                continue; // nothing says it was cut
            const PlanRunAccount sorted(named, c.planRunId, *rows);
            account.m_storedRuns = sorted.m_storedRuns;
            account.m_started = sorted.m_started;
            account.m_lastEnded = sorted.m_lastEnded;
            account.m_strayNames = sorted.m_strayNames;
        }
        out.append(account);
    }
    return out;
}

QString PlanRunAccount::mismatch(const Plan &plan) const
{
    auto names = [](const QStringList &list) {
        QStringList quoted;
        for (const QString &n : list.mid(0, 3))
            quoted.append(u'\'' + n + u'\'');
        return quoted.join(u", "_s) + (list.size() > 3 ? u" and %1 more"_s.arg(list.size() - 3) : QString());
    };
    QStringList details;
    if (!m_strayNames.isEmpty())
        details.append(u"it no longer has %1 (stored by that run)"_s.arg(names(m_strayNames)));
    if (!m_storedSource.isEmpty() && m_storedSource != plan.source) {
        QString problem;
        const auto stored = storedPlan(m_storedSource, plan.name, storedKeys(), &problem);
        if (!stored)
            return u"plan run %1 cannot be checked against plan '%2': %3"_s.arg(m_planRunId, plan.name, problem);
        QSet<QString> keys;
        for (const TestCase &c : std::as_const(stored->cases))
            keys.insert(c.key);
        QStringList added;
        for (const TestCase &c : std::as_const(plan.cases))
            if (!keys.contains(c.key))
                added.append(c.name);
        if (!added.isEmpty())
            details.append(u"%1 %2 new"_s.arg(names(added), added.size() == 1 ? u"is"_s : u"are"_s));
    }
    // Otherwise the same cases (hosts or repetitions may differ: a resume
    // then runs up to the new repetition count).
    if (details.isEmpty())
        return QString();
    return u"plan '%1' changed since plan run %2 was made: %3"_s.arg(plan.name, m_planRunId, details.join(u"; "_s));
}

const CaseAccount *PlanRunAccount::find(const QString &key) const
{
    auto it = m_cases.constFind(key);
    return it == m_cases.cend() ? nullptr : &*it;
}

QSet<QString> PlanRunAccount::storedKeys() const
{
    QSet<QString> keys;
    for (auto it = m_cases.cbegin(); it != m_cases.cend(); ++it)
        keys.insert(it.key());
    return keys;
}

QSet<QString> PlanRunAccount::completeKeys() const
{
    QSet<QString> keys;
    for (const CaseAccount &a : m_cases)
        if (a.complete)
            keys.insert(a.key);
    return keys;
}

QHash<QString, QList<ResultRecord>> PlanRunAccount::keptIterations() const
{
    QHash<QString, QList<ResultRecord>> kept;
    for (const CaseAccount &a : m_cases) {
        if (a.complete || a.kept.isEmpty())
            continue;
        QList<ResultRecord> records;
        for (const StoredRun &r : a.kept)
            records.append(r.record);
        kept.insert(a.key, records);
    }
    return kept;
}

int PlanRunAccount::completeCases() const
{
    return int(std::count_if(m_cases.cbegin(), m_cases.cend(), [](const CaseAccount &a) { return a.complete; }));
}

int PlanRunAccount::continuedCases() const
{
    return int(std::count_if(m_cases.cbegin(), m_cases.cend(),
                             [](const CaseAccount &a) { return !a.complete && !a.kept.isEmpty(); }));
}

int PlanRunAccount::keptRepetitions() const
{
    int n = 0;
    for (const CaseAccount &a : m_cases)
        if (!a.complete)
            n += int(a.kept.size());
    return n;
}

QStringList PlanRunAccount::restartedSearches() const
{
    QStringList names;
    for (const TestCase &c : std::as_const(m_plan.cases))
        if (const CaseAccount *a = find(c.key); a && a->searchRestarted())
            names.append(c.name);
    return names;
}

QString PlanRunAccount::describe() const
{
    QStringList parts{u"%1 of %2 cases finished"_s.arg(completeCases()).arg(cases())};
    const int continued = continuedCases();
    const int kept = keptRepetitions();
    if (continued == 1)
        parts.append(u"1 case continues with its %1 finished %2 kept"_s.arg(kept).arg(kept == 1 ? u"repetition"_s
                                                                                           : u"repetitions"_s));
    else if (continued > 1)
        parts.append(u"%1 cases continue with %2 finished repetitions kept"_s.arg(continued).arg(kept));
    const QStringList searches = restartedSearches();
    if (searches.size() == 1)
        parts.append(u"the cut zero-loss search '%1' runs again from the start"_s.arg(searches.first()));
    else if (searches.size() > 1)
        parts.append(u"%1 cut zero-loss searches run again from the start"_s.arg(searches.size()));
    return parts.join(u"; "_s);
}

} // namespace wb
