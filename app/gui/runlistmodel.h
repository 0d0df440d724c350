// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The table of stored runs behind the Results page. Rows arrive in pages
// read off the GUI thread (the store service's read pool), so a database of 100k runs opens and filters
// without a pause: the first page and the total count come at once, further
// pages as the view scrolls (fetchMore). A newer filter always wins over a
// page still loading for an older one. The Parameters column shows, for
// each run, only the parameters that differ between the loaded runs of its
// kind (message size across a sweep, sink across FTP runs), so the runs of
// one sweep can be told apart at a glance.

#include "runtext.h"
#include "store/runfilter.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QFutureWatcher>
#include <QHash>

#include <memory>
#include <optional>

namespace wb {
class StoreService;
}

namespace wb::gui {

// What one table row shows, computed in the worker so data() stays cheap.
struct RunRow
{
    qint64 id = 0;
    QString kind;
    QString plan;
    QString testCase;
    QList<RunParameter> parameters;
    QString clientEndpoint;
    QString serverEndpoint;
    QString clientNic;
    QString serverNic;
    QString switchName; // every switch on the path, " + " between
    QString cableLabels;
    std::optional<double> cableLengthM; // the longest cable on the path
    bool loopback = false;              // no wire: the columns say so, not the inventory's switch and cable
    QString pathText;   // the resolved path, for the tooltip
    QStringList pathWarnings;
    QString keyText;
    double keyValue = 0;
    bool keyValid = false;
    RunStatus status = RunStatus::Finished;
    QString error;
    QDateTime startedAt;
    QStringList tags; // the user's, sorted
    QString notes;
};

RunRow runRowFrom(const StoredRun &run);

// A change point of a run's history (core/analysis/regressionscan), shown
// on the first run after it: its Key metric cell says "changed −8.0 %"
// (the relative change; "worse" when in the metric's bad direction) and
// its tooltip gives the whole sentence.
struct ChangeMark
{
    QString sentence; // "tcp_rr transactions/s −8.0 % on 2026-11-03 (p = 0.005), when …"
    QString element;  // "adam → eve"
    double relativeChangePct = 0;
    bool worse = false;
};

struct RunPage
{
    int generation = 0;
    int offset = 0;
    qint64 total = -1; // -1: not counted in this job
    QList<RunRow> rows;
    QString error;
};

class RunListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Kind, TestCase, Parameters, Endpoints, Nics, Switch, CableLength, KeyMetric, Status, Date, Tags, ColumnCount };
    static constexpr int kPageSize = 250;
    // Sorting role: numbers and dates compare as such.
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kRunIdRole = Qt::UserRole + 2;

    explicit RunListModel(QObject *parent = nullptr);
    ~RunListModel() override;

    // Where the runs are read from (null: no database open); reloads.
    void setStore(std::shared_ptr<StoreService> store);
    // Replaces the filter and reloads from the first page.
    void setFilter(const RunFilter &filter);
    RunFilter filter() const { return m_filter; }
    void reload();

    // Runs matching the filter in the database (not just the loaded rows).
    qint64 totalCount() const { return m_total; }
    bool isLoading() const { return m_inFlight; }
    const RunRow &row(int r) const { return m_rows.at(r); }
    // The change point a run is the first after, if any. The marks are read
    // on a reader of the store when a database is set and on every
    // reload() (new, deleted or edited runs), not on a new filter.
    std::optional<ChangeMark> changeMark(qint64 runId) const;
    bool changeMarksLoading() const { return m_changesInFlight; }
    // The parameters of runs of `kind` that differ between the loaded rows
    // of that kind, by key ("message_size_bytes").
    QStringList varyingParameters(const QString &kind) const { return m_varying.value(kind); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Date sorts in the database (newest or oldest first over all runs);
    // other columns sort the rows loaded so far.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // After each page: the first one of a new filter, or a further one.
    void pageLoaded(int rows, qint64 total);
    void loadFailed(const QString &message);
    // The change marks arrived (`count` runs marked).
    void changeMarksLoaded(int count);

private:
    void requestPage(int offset);
    void handlePage();
    void sortLoaded();
    void updateVaryingParameters();
    void reloadRows();
    void refreshChangeMarks();
    QList<RunParameter> shownParameters(const RunRow &row) const;

    std::shared_ptr<StoreService> m_store;
    RunFilter m_filter;
    QList<RunRow> m_rows;
    QHash<QString, QStringList> m_varying; // kind -> parameter keys that differ
    qint64 m_total = 0;
    int m_generation = 0;
    bool m_inFlight = false;
    bool m_reloadPending = false;
    int m_sortColumn = Date;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
    QFutureWatcher<RunPage> m_watcher;
    QHash<qint64, ChangeMark> m_changes;
    quint64 m_changesGeneration = 0;
    bool m_changesInFlight = false;
    bool m_changesPending = false;
};

} // namespace wb::gui
