// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Stores what the orchestrator finishes, case by case, so an interrupted
// plan keeps everything that finished: each repetition becomes a run (with
// both ends' environment and the inventory path the store snapshots), the
// repetitions are grouped under one measurement with their confidence
// figures, and a failed case is kept as a failed run with its error. Plan
// runs are named by a short id; a resume starts from what that id already
// holds (PlanRunAccount), and a resumed case completes its measurement: the
// repetitions kept from before stay, the new ones follow them.

#include "caseresult.h"
#include "planrunaccount.h"
#include "store/measurement.h"
#include "store/storedrun.h"

#include <QObject>
#include <QString>


namespace wb {

class StoreService;

class PlanRecorder : public QObject
{
    Q_OBJECT
public:
    // Writes go to `store`'s writer thread; record() and the queries wait
    // for their answer, so the recorder lives on a thread of its own (or in
    // the CLI), never on the GUI thread. `store` outlives the recorder.
    PlanRecorder(StoreService &store, Plan plan, QString planRunId, QObject *parent = nullptr);
    ~PlanRecorder() override;

    static QString newPlanRunId();
    QString planRunId() const { return m_planRunId; }

    // The account a resume started from: a case it holds is stored by
    // completing that case's measurement (its kept repetitions numbered
    // first, the record of the cut or failed one replaced).
    void setResumeAccount(PlanRunAccount account) { m_resume = std::move(account); }

    // Stores one case's outcome in one transaction. Returns false (and
    // emits recordFailed) when the database refused it; the outcome is then
    // kept in a local rescue database (rescuePath()) if that can be written,
    // and the message names it.
    bool record(const wb::CaseResult &result);

    // Where outcomes the database refused are kept: a SQLite file named by
    // the plan run id under the user's data directory (or `directory`, see
    // setRescueDirectory). `wirebench-cli db copy --from FILE --to DB` moves
    // them over without duplicates once the database is back.
    QString rescuePath() const;
    void setRescueDirectory(const QString &directory) { m_rescueDirectory = directory; }

    // What a scheduled run leaves on the failed run of a case that failed
    // (a notice the desktop program raises); empty when the plan is not
    // scheduled or the case did not fail.
    QString failureNoticeText(const wb::CaseResult &result) const;

signals:
    void recorded(const QString &caseKey, int runs);
    // A notice was left on a stored run (a scheduled case that failed), or
    // could not be: `text` says which, for the log.
    void noticed(const QString &caseKey, const QString &text);
    void recordFailed(const QString &caseKey, const QString &message);

private:
    // After a refusal: into the rescue database. Empty on success.
    QString rescue(const Measurement &m, QList<StoredRun> runs);

    StoreService &m_store;
    Plan m_plan;
    QString m_planRunId;
    QString m_rescueDirectory;
    PlanRunAccount m_resume;
};

} // namespace wb
