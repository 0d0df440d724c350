// SPDX-License-Identifier: GPL-3.0-or-later
#include "runlistmodel.h"

#include "apppalette.h"
#include "analysis/regressionscan.h"
#include "runtext.h"

#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "store/resultstore.h"
#include "store/runhardware.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QColor>
#include <QGuiApplication>
#include <QJsonArray>
#include <QLocale>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

QString nicName(const QString &key)
{
    // "host/eth0" -> "eth0": the host is in the endpoints column already.
    const qsizetype slash = key.indexOf(u'/');
    return slash < 0 ? key : key.mid(slash + 1);
}

RunPage loadPage(ResultStore &store, RunFilter filter, int generation, int offset)
{
    RunPage page;
    page.generation = generation;
    page.offset = offset;
    if (offset == 0) {
        auto count = store.runs().countRuns(filter);
        if (!count) {
            page.error = count.error().message;
            return page;
        }
        page.total = *count;
    }
    filter.offset = offset;
    filter.limit = RunListModel::kPageSize;
    filter.withMetrics = true;
    auto runs = store.runs().listRuns(filter);
    if (!runs) {
        page.error = runs.error().message;
        return page;
    }
    page.rows.reserve(runs->size());
    for (const StoredRun &r : std::as_const(*runs))
        page.rows.append(runRowFrom(r));
    return page;
}

} // namespace

RunRow runRowFrom(const StoredRun &run)
{
    RunRow row;
    row.id = run.id;
    row.kind = run.record.kind;
    row.plan = run.plan;
    row.testCase = run.testCase;
    row.parameters = runParameters(run.record.params, run.record.kind);
    row.clientEndpoint = run.clientEndpoint;
    row.serverEndpoint = run.serverEndpoint;
    row.status = run.status;
    row.error = run.error;
    row.startedAt = run.startedAt;
    row.tags = run.tags;
    row.notes = run.notes;
    // What core makes of the snapshot and the resolved path (RunHardware).
    const RunHardware hw = RunHardware::of(run);
    row.clientNic = nicName(hw.clientNic);
    row.serverNic = nicName(hw.serverNic);
    // Over loopback the inventory's switch and cable were not crossed.
    row.loopback = hw.loopback;
    row.switchName = hw.loopback ? QObject::tr("loopback") : hw.switches.join(u" + "_s);
    row.cableLabels = hw.loopback ? QString() : hw.cables.join(u", "_s);
    row.cableLengthM = hw.loopback ? std::nullopt : hw.longestCableM;
    row.pathText = hw.pathText;
    row.pathWarnings = hw.warnings;
    if (run.status == RunStatus::Finished) {
        const KeyFigure k = keyFigure(run.record);
        row.keyText = k.text;
        row.keyValue = k.value;
        row.keyValid = k.valid;
    } else {
        row.keyText = run.error;
    }
    return row;
}

RunListModel::RunListModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_filter.newestFirst = true;
    connect(&m_watcher, &QFutureWatcher<RunPage>::finished, this, &RunListModel::handlePage);
}

// A page still loading is dropped: its continuation belongs to this model.
RunListModel::~RunListModel() = default;

void RunListModel::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    m_changes.clear();
    ++m_changesGeneration;
    m_changesInFlight = false;
    m_changesPending = false;
    reload();
}

void RunListModel::setFilter(const RunFilter &filter)
{
    const bool newestFirst = m_filter.newestFirst;
    m_filter = filter;
    m_filter.newestFirst = newestFirst;
    reloadRows();
}

void RunListModel::reload()
{
    reloadRows();
    refreshChangeMarks();
}

std::optional<ChangeMark> RunListModel::changeMark(qint64 runId) const
{
    const auto it = m_changes.constFind(runId);
    return it == m_changes.cend() ? std::nullopt : std::optional(*it);
}

void RunListModel::refreshChangeMarks()
{
    if (!m_store)
        return;
    if (m_changesInFlight) {
        m_changesPending = true; // one more scan once this one is in
        return;
    }
    m_changesInFlight = true;
    const quint64 generation = m_changesGeneration;
    m_store
        ->read([](ResultStore &store) -> StoreResult<QHash<qint64, ChangeMark>> {
            RegressionScanOptions options;
            options.includeImprovements = true;
            auto scan = scanRegressions(store, options);
            if (!scan)
                return scan.error();
            QHash<qint64, ChangeMark> marks;
            for (const FoundRegression &f : scan->found)
                for (qint64 id : f.runIdsAfter)
                    if (!marks.contains(id)) // newest first: a run's own newest change
                        marks.insert(id, {f.change.sentence, f.element.label(), f.change.relativeChangePct, f.change.worse});
            return marks;
        })
        .then(this, [this, generation](const StoreResult<QHash<qint64, ChangeMark>> &marks) {
            if (generation != m_changesGeneration)
                return; // another database
            m_changesInFlight = false;
            if (marks) {
                const QHash<qint64, ChangeMark> before = std::exchange(m_changes, *marks);
                // Only the rows whose mark came or went are told.
                for (int r = 0; r < m_rows.size(); ++r) {
                    const qint64 id = m_rows[r].id;
                    if (before.contains(id) || m_changes.contains(id))
                        emit dataChanged(index(r, KeyMetric), index(r, KeyMetric));
                }
                emit changeMarksLoaded(int(m_changes.size()));
            }
            if (std::exchange(m_changesPending, false))
                refreshChangeMarks();
        });
}

void RunListModel::reloadRows()
{
    ++m_generation;
    beginResetModel();
    m_rows.clear();
    m_varying.clear();
    m_total = 0;
    endResetModel();
    if (!m_store)
        return;
    if (m_inFlight) {
        // The running job's result will be dropped; start the new one then.
        m_reloadPending = true;
        return;
    }
    requestPage(0);
}

void RunListModel::requestPage(int offset)
{
    m_inFlight = true;
    const int generation = m_generation;
    m_watcher.setFuture(
        m_store
            ->read([filter = m_filter, generation, offset](ResultStore &store) -> StoreResult<RunPage> {
                return loadPage(store, filter, generation, offset);
            })
            .then(this, [generation, offset](const StoreResult<RunPage> &loaded) {
                if (loaded)
                    return *loaded;
                RunPage failed;
                failed.generation = generation;
                failed.offset = offset;
                failed.error = loaded.message();
                return failed;
            }));
}

void RunListModel::handlePage()
{
    m_inFlight = false;
    RunPage page = m_watcher.result();
    if (m_reloadPending || page.generation != m_generation) {
        m_reloadPending = false;
        if (m_store)
            requestPage(0);
        return;
    }
    if (!page.error.isEmpty()) {
        emit loadFailed(page.error);
        return;
    }
    if (page.total >= 0)
        m_total = page.total;
    if (page.offset != m_rows.size()) // a page for rows we no longer hold
        return;
    if (!page.rows.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page.rows.size() - 1));
        m_rows.append(page.rows);
        endInsertRows();
    }
    updateVaryingParameters();
    if (m_sortColumn != Date)
        sortLoaded();
    emit pageLoaded(int(m_rows.size()), m_total);
}

void RunListModel::updateVaryingParameters()
{
    // Per kind: every key any run has, then the texts each takes (a run
    // without the key counts as one more value).
    QHash<QString, QStringList> keys;
    for (const RunRow &r : std::as_const(m_rows)) {
        QStringList &k = keys[r.kind];
        for (const RunParameter &p : r.parameters)
            if (!p.housekeeping && !k.contains(p.key)) // a sample interval does not tell runs apart
                k.append(p.key);
    }
    QHash<QString, QHash<QString, QSet<QString>>> texts;
    for (const RunRow &r : std::as_const(m_rows)) {
        QHash<QString, QSet<QString>> &byKey = texts[r.kind];
        for (const QString &key : keys.value(r.kind)) {
            const auto it = std::find_if(r.parameters.begin(), r.parameters.end(),
                                         [&](const RunParameter &p) { return p.key == key; });
            byKey[key].insert(it == r.parameters.end() ? QString() : it->text);
        }
    }
    QHash<QString, QStringList> varying;
    for (auto kind = keys.cbegin(); kind != keys.cend(); ++kind) {
        QStringList differ;
        for (const QString &key : kind.value())
            if (texts.value(kind.key()).value(key).size() > 1)
                differ.append(key);
        if (!differ.isEmpty())
            varying.insert(kind.key(), differ);
    }
    if (varying == m_varying)
        return;
    m_varying = varying;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Parameters), index(int(m_rows.size()) - 1, Parameters));
}

QList<RunParameter> RunListModel::shownParameters(const RunRow &row) const
{
    const QStringList varying = m_varying.value(row.kind);
    QList<RunParameter> shown;
    for (const RunParameter &p : row.parameters)
        if (varying.contains(p.key))
            shown.append(p);
    return shown;
}

int RunListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int RunListModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const RunRow &r = m_rows.at(index.row());
    if (role == kRunIdRole)
        return r.id;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Kind: return testKindLabel(r.kind); // the catalog's words, as on every page
        case TestCase: return testCaseTitle(r.testCase);
        case Parameters: return joinParameters(shownParameters(r));
        case Endpoints: return r.clientEndpoint + u" → "_s + r.serverEndpoint;
        case Nics:
            return r.clientNic.isEmpty() && r.serverNic.isEmpty() ? QString()
                                                                  : r.clientNic + u" → "_s + r.serverNic;
        case Switch: return r.switchName;
        case CableLength:
            if (r.loopback)
                return u"—"_s; // no wire: the switch column says loopback, the tooltip why
            return r.cableLengthM ? QLocale().toString(*r.cableLengthM, 'g', 4) + u" m"_s : QString();
        case KeyMetric:
            if (const auto mark = changeMark(r.id))
                return (mark->worse ? tr("%1  Δ %2 worse") : tr("%1  Δ %2"))
                    .arg(r.keyText, signedPercentText(mark->relativeChangePct));
            return r.keyText;
        case Status: return statusText(runStatusName(r.status));
        case Date: return QLocale::system().toString(r.startedAt.toLocalTime(), QLocale::ShortFormat);
        case Tags: return r.tags.join(u", "_s);
        }
    } else if (role == kSortRole) {
        switch (index.column()) {
        case CableLength: return r.cableLengthM ? *r.cableLengthM : -1.0;
        case KeyMetric: return r.keyValid ? r.keyValue : -1.0;
        case Date: return r.startedAt;
        case Parameters: {
            QStringList keys;
            for (const RunParameter &p : shownParameters(r))
                keys << p.sortKey;
            return keys.join(u' ');
        }
        default: return data(index, Qt::DisplayRole);
        }
    } else if (role == Qt::ToolTipRole) {
        if (index.column() == Parameters)
            return r.parameters.isEmpty() ? tr("No parameters recorded") : joinParameters(r.parameters);
        if (index.column() == Nics || index.column() == Switch || index.column() == CableLength) {
            if (r.pathText.isEmpty() && r.pathWarnings.isEmpty())
                return tr("The inventory knew no NIC of this run's ends");
            QStringList lines{r.pathText};
            if (!r.cableLabels.isEmpty())
                lines << tr("Cables: %1").arg(r.cableLabels);
            lines += r.pathWarnings;
            lines.removeDuplicates();
            return lines.join(u'\n');
        }
        if (index.column() == Tags)
            return r.notes.isEmpty() ? QVariant() : QVariant(r.notes);
        if (index.column() == KeyMetric)
            if (const auto mark = changeMark(r.id))
                return tr("The first run after a change point of its history on %1:\n%2")
                    .arg(mark->element, mark->sentence);
        if (!r.error.isEmpty())
            return r.error;
        return u"%1 — %2"_s.arg(r.plan, r.testCase);
    } else if (role == Qt::TextAlignmentRole) {
        if (index.column() == CableLength || index.column() == KeyMetric)
            return int(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ForegroundRole && index.column() == Status) {
        if (r.status == RunStatus::Failed)
            return AppPalette::errorColour(QGuiApplication::palette());
        if (r.status == RunStatus::Cancelled)
            return AppPalette::warningColour(QGuiApplication::palette());
    }
    return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Parameters)
        return tr("The parameters that differ between the listed runs of a kind; point at a cell for all of them");
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == KeyMetric)
        return tr("The kind's key figure. \"Δ −8.0 %\": the first run after a change point of its history (E-Divisive "
                  "means), by how much the mean moved; \"worse\" in the metric's bad direction");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Kind: return tr("Kind");
    case TestCase: return tr("Test");
    case Parameters: return tr("Parameters");
    case Endpoints: return tr("Endpoints");
    case Nics: return tr("NICs");
    case Switch: return tr("Switch");
    case CableLength: return tr("Cable");
    case KeyMetric: return tr("Key metric");
    case Status: return tr("Status");
    case Date: return tr("Date");
    case Tags: return tr("Tags");
    }
    return {};
}

bool RunListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_inFlight && m_rows.size() < m_total;
}

void RunListModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        requestPage(int(m_rows.size()));
}

void RunListModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    const bool wasDate = m_sortColumn == Date;
    m_sortColumn = column;
    m_sortOrder = order;
    if (column == Date) {
        const bool newestFirst = order == Qt::DescendingOrder;
        if (!wasDate || newestFirst != m_filter.newestFirst) {
            m_filter.newestFirst = newestFirst;
            reload();
        }
        return;
    }
    sortLoaded();
}

void RunListModel::sortLoaded()
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    const int column = m_sortColumn;
    const bool ascending = m_sortOrder == Qt::AscendingOrder;
    QList<std::pair<QVariant, int>> keyed;
    keyed.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i)
        keyed.append({data(index(i, column), kSortRole), i});
    std::stable_sort(keyed.begin(), keyed.end(), [ascending](const auto &a, const auto &b) {
        const auto c = QVariant::compare(a.first, b.first);
        return ascending ? c == QPartialOrdering::Less : c == QPartialOrdering::Greater;
    });
    QList<RunRow> sorted;
    sorted.reserve(m_rows.size());
    QHash<int, int> newRowOf;
    for (int i = 0; i < keyed.size(); ++i) {
        sorted.append(m_rows.at(keyed[i].second));
        newRowOf.insert(keyed[i].second, i);
    }
    m_rows = std::move(sorted);
    QModelIndexList after;
    after.reserve(before.size());
    for (const QModelIndex &i : before)
        after.append(index(newRowOf.value(i.row()), i.column()));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace wb::gui
