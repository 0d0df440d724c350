// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultspage.h"

#include "result/metriccatalog.h"
#include "config/settings.h"
#include "filedialog.h"
#include "messagebox.h"
#include "runannotationeditor.h"
#include "rundetailview.h"
#include "runlistmodel.h"
#include "runtext.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storearchive.h"
#include "store/storeservice.h"

#include <QAction>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// On a reader of the store service: the file is written there too.
StoreStatus exportRuns(ResultStore &store, const RunFilter &filter, const QString &outPath, bool json)
{
    auto cannotWrite = [&](const QSaveFile &out) {
        return StoreStatus(StoreError::Kind::Failed, QObject::tr("cannot write %1: %2; choose another folder")
                                                         .arg(outPath, out.errorString()));
    };
    QSaveFile out(outPath);
    if (!out.open(QIODevice::WriteOnly))
        return cannotWrite(out);
    if (json) {
        auto runs = store.archive().exportRunsJson(filter, true);
        if (!runs)
            return runs.error();
        out.write(QJsonDocument(*runs).toJson(QJsonDocument::Indented));
    } else if (StoreStatus s = store.archive().writeRunsCsv(filter, out); !s) {
        return s;
    }
    if (!out.commit())
        return cannotWrite(out);
    return {};
}

// The job's outcome as the page shows it: empty, or what went wrong.
QString messageOf(const StoreStatus &status)
{
    return status ? QString() : status.message();
}

} // namespace

ResultsPage::ResultsPage(Settings &settings, QWidget *parent)
    : Page(tr("Results"), tr("Every stored run with the hardware it ran on. Filter, sort, inspect, re-run or export."),
           parent),
      m_settings(settings),
      m_model(new RunListModel(this)),
      m_kind(new QComboBox),
      m_status(new QComboBox),
      m_host(new QLineEdit),
      m_nic(new QLineEdit),
      m_switch(new QLineEdit),
      m_cable(new QLineEdit),
      m_search(new QLineEdit),
      m_tag(new QLineEdit),
      m_count(new QLabel),
      m_table(new QTableView),
      m_detail(new RunDetailView),
      m_annotations(new RunAnnotationEditor),
      m_splitter(new QSplitter(Qt::Vertical)),
      m_filterDelay(new QTimer(this))
{
    setObjectName(u"resultsPage"_s);
    auto *filters = new QHBoxLayout;
    m_kind->setObjectName(u"kindFilter"_s);
    m_kind->addItem(tr("All kinds"), QString());
    for (const TestKindInfo &k : testKindCatalog())
        m_kind->addItem(k.label, k.name);
    m_status->setObjectName(u"statusFilter"_s);
    m_status->addItem(tr("Any status"), QString());
    for (RunStatus s : {RunStatus::Finished, RunStatus::Failed, RunStatus::Cancelled, RunStatus::Running})
        m_status->addItem(statusText(runStatusName(s)), runStatusName(s));
    m_host->setObjectName(u"hostFilter"_s);
    m_host->setPlaceholderText(tr("Host (either end)"));
    m_host->setToolTip(tr("The exact name of a host in the inventory; matches runs over it at either end"));
    m_host->setClearButtonEnabled(true);
    // The hardware the runs went over, by the names at run time (RunFilter).
    for (auto [edit, name, placeholder, tip] :
         {std::tuple{m_nic, u"nicFilter"_s, tr("NIC (host/if)"), tr("A NIC as host/interface; matches runs over it at either end")},
          std::tuple{m_switch, u"switchFilter"_s, tr("Switch"), tr("A switch or hub anywhere on the path")},
          std::tuple{m_cable, u"cableFilter"_s, tr("Cable"), tr("A cable label anywhere on the path")}}) {
        edit->setObjectName(name);
        edit->setPlaceholderText(placeholder);
        edit->setToolTip(tip);
        edit->setClearButtonEnabled(true);
    }
    m_tag->setObjectName(u"tagFilter"_s);
    m_tag->setPlaceholderText(tr("Tag"));
    m_tag->setToolTip(tr("Runs holding this tag (in any case)"));
    m_tag->setClearButtonEnabled(true);
    m_search->setObjectName(u"searchFilter"_s);
    m_search->setAccessibleName(tr("Search runs"));
    m_search->setPlaceholderText(tr("Search plan, test or endpoint (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(find);
    connect(find, &QAction::triggered, m_search, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    filters->addWidget(m_kind);
    filters->addWidget(m_status);
    filters->addWidget(m_host, 1);
    filters->addWidget(m_nic, 1);
    filters->addWidget(m_switch, 1);
    filters->addWidget(m_cable, 1);
    filters->addWidget(m_tag, 1);
    filters->addWidget(m_search, 2);
    m_count->setObjectName(u"runCount"_s);
    filters->addWidget(m_count);
    body()->addLayout(filters);

    auto *actions = new QHBoxLayout;
    auto makeAction = [&](const QString &text, QStyle::StandardPixmap icon, const QKeySequence &key,
                         void (ResultsPage::*slot)(), const QString &name) {
        auto *a = new QAction(style()->standardIcon(icon), text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setObjectName(name);
        connect(a, &QAction::triggered, this, slot);
        this->addAction(a);
        auto *b = new QPushButton(a->icon(), text);
        b->setToolTip(u"%1 (%2)"_s.arg(text, key.toString(QKeySequence::NativeText)));
        connect(b, &QPushButton::clicked, a, &QAction::trigger);
        actions->addWidget(b);
        return a;
    };
    makeAction(tr("Refresh"), QStyle::SP_BrowserReload, QKeySequence::Refresh, &ResultsPage::reload, u"refreshAction"_s);
    makeAction(tr("Re-run"), QStyle::SP_MediaPlay, QKeySequence(Qt::CTRL | Qt::Key_R), &ResultsPage::rerunSelected,
              u"rerunAction"_s);
    makeAction(tr("Compare selected"), QStyle::SP_FileDialogContentsView, QKeySequence(Qt::CTRL | Qt::Key_M),
               &ResultsPage::compareSelected, u"compareAction"_s);
    makeAction(tr("Import…"), QStyle::SP_DialogOpenButton, QKeySequence(Qt::CTRL | Qt::Key_I),
               &ResultsPage::importInteractive, u"importAction"_s);
    makeAction(tr("Export…"), QStyle::SP_DialogSaveButton, QKeySequence(Qt::CTRL | Qt::Key_E),
              &ResultsPage::exportInteractive, u"exportAction"_s);
    makeAction(tr("Delete"), QStyle::SP_TrashIcon, QKeySequence::Delete, &ResultsPage::deleteSelected,
              u"deleteAction"_s);
    actions->addStretch(1);
    body()->addLayout(actions);

    m_table->setObjectName(u"runsTable"_s);
    m_table->setAccessibleName(tr("Stored runs"));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunListModel::Date, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // At 1280x800 every column fits beside the page list: the kind and the
    // date whole ("TCP request/response"), the parameters as far as they go
    // (the tooltip has them all), the tags column narrow and stretched to
    // what is left.
    const int em = fontMetrics().horizontalAdvance(u'M');
    const int widths[] = {14, 9, 10, 11, 6, 7, 4, 19, 6, 14, 5};
    static_assert(std::size(widths) == RunListModel::ColumnCount);
    for (int c = 0; c < RunListModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, widths[c] * em);
    m_splitter->addWidget(m_table);
    // The run in full, and beside it what the user says of it.
    auto *below = new QSplitter(Qt::Horizontal);
    below->addWidget(m_detail);
    below->addWidget(m_annotations);
    below->setStretchFactor(0, 4);
    below->setStretchFactor(1, 1);
    m_splitter->addWidget(below);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setObjectName(u"resultsSplitter"_s);
    body()->addWidget(m_splitter, 1);

    const QByteArray header = m_settings.viewState(Settings::ViewState::ResultsHeader);
    if (!header.isEmpty())
        m_table->horizontalHeader()->restoreState(header);
    const QByteArray split = m_settings.viewState(Settings::ViewState::ResultsSplitter);
    if (!split.isEmpty())
        m_splitter->restoreState(split);

    m_filterDelay->setSingleShot(true);
    m_filterDelay->setInterval(250);
    connect(m_filterDelay, &QTimer::timeout, this, &ResultsPage::applyFilter);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ResultsPage::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &ResultsPage::applyFilter);
    for (QLineEdit *edit : {m_host, m_nic, m_switch, m_cable, m_tag})
        connect(edit, &QLineEdit::textChanged, m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::textChanged, m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_model, &RunListModel::pageLoaded, this, &ResultsPage::updateCount);
    connect(m_model, &RunListModel::modelReset, this, &ResultsPage::updateCount);
    connect(m_model, &RunListModel::loadFailed, this, [this](const QString &m) {
        m_count->setText(tr("Could not read the results: %1. Check the database file, then press F5.").arg(m));
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const qint64 id = current.isValid() ? m_model->row(current.row()).id : 0;
                if (id != m_annotations->runId())
                    m_annotations->showRun(nullptr);
                m_detail->showRun(id);
            });
    connect(m_detail, &RunDetailView::runShown, this, [this](qint64 id) {
        const auto &run = m_detail->run();
        m_annotations->showRun(run && run->id == id ? &*run : nullptr);
    });
    // A tag or note changed: the table shows the tags too.
    connect(m_annotations, &RunAnnotationEditor::changed, this, &ResultsPage::reload);
    connect(m_detail, &RunDetailView::chartExported, this, &ResultsPage::exported);
    connect(m_detail, &RunDetailView::chartExportFailed, this,
            [this](const QString &error) { MessageBox::warning(this, tr("Export chart"), error); });
    connect(&m_job, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_job.result();
        if (!error.isEmpty())
            MessageBox::critical(this, tr("Results"), error);
        reload();
    });
    connect(&m_import, &QFutureWatcher<FileImportReport>::finished, this, [this] {
        const FileImportReport report = m_import.result();
        const QString text = report.text(false);
        if (!report.ok())
            MessageBox::warning(this, tr("Import"), text);
        emit imported(report.ok(), text);
        reload();
    });
    setAcceptDrops(true); // result files dropped on the page import as runs
    updateCount();
}

void ResultsPage::importInteractive()
{
    const QStringList paths = FileDialog::openFiles(this, tr("Import results as runs"), QString(), importFileFilter());
    if (!paths.isEmpty())
        importFiles(paths);
}

void ResultsPage::importFiles(const QStringList &paths)
{
    if (!m_store || m_import.isRunning()) {
        const QString why = m_store ? tr("An import is still running; try again when it has finished.")
                                    : tr("Open a results database first (File menu).");
        MessageBox::warning(this, tr("Import"), why);
        emit imported(false, why);
        return;
    }
    m_count->setText(tr("Importing %n file(s)…", nullptr, int(paths.size())));
    m_import.setFuture(gui::importFiles(*m_store, paths));
}

void ResultsPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ResultsPage::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    importFiles(files);
}

ResultsPage::~ResultsPage()
{
    // A job still going finishes on the store service; only its report to
    // this page is dropped.
    saveLayout();
}

QIcon ResultsPage::icon() const { return style()->standardIcon(QStyle::SP_FileDialogDetailedView); }

void ResultsPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    m_detail->setStore(m_store);
    m_annotations->setStore(m_store);
    m_model->setStore(m_store);
}

void ResultsPage::applyFilter()
{
    m_filterDelay->stop();
    RunFilter f;
    f.kind = m_kind->currentData().toString();
    f.status = runStatusFromName(m_status->currentData().toString());
    f.hostName = m_host->text().trimmed();
    f.nicKey = m_nic->text().trimmed();
    f.switchName = m_switch->text().trimmed();
    f.cableLabel = m_cable->text().trimmed();
    f.text = m_search->text().trimmed();
    f.tag = m_tag->text().trimmed();
    m_model->setFilter(f);
}

void ResultsPage::reload() { m_model->reload(); }

void ResultsPage::showPlan(const QString &planName)
{
    m_kind->setCurrentIndex(0);
    m_status->setCurrentIndex(0);
    for (QLineEdit *field : {m_host, m_nic, m_switch, m_cable})
        field->clear();
    m_search->setText(planName);
    applyFilter();
}

void ResultsPage::updateCount()
{
    if (!m_store) {
        m_count->setText(tr("No database open"));
        return;
    }
    m_count->setText(m_model->isLoading() && m_model->rowCount() == 0
                         ? tr("Loading…")
                         : m_model->totalCount() == 1 ? tr("1 run")
                                                          : tr("%1 runs").arg(m_model->totalCount()));
}

QList<qint64> ResultsPage::selectedIds() const
{
    QList<qint64> ids;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &i : rows)
        ids.append(m_model->row(i.row()).id);
    return ids;
}

void ResultsPage::deleteSelected()
{
    const QList<qint64> ids = selectedIds();
    if (ids.isEmpty() || m_job.isRunning() || !m_store)
        return;
    if (MessageBox::question(this, tr("Delete runs"),
                             tr("Delete %n run(s) with their metrics and samples? This cannot be undone; export "
                                "them first if you may need them.",
                                nullptr, int(ids.size()))) != QMessageBox::Yes)
        return;
    m_detail->showRun(0);
    m_job.setFuture(m_store
                        ->write([ids](ResultStore &store) -> StoreStatus {
                            auto n = store.runs().deleteRuns(ids);
                            return n ? StoreStatus() : StoreStatus(n.error());
                        })
                        .then(this, [](const StoreStatus &status) { return messageOf(status); }));
    emit runsDeleted(int(ids.size()));
}

std::optional<Plan> ResultsPage::rerunPlan(const StoredRun &run, QString *error)
{
    const QJsonObject source = run.record.extra.value(u"plan"_s).toObject();
    const QString caseKey = run.record.extra.value(u"case_key"_s).toString();
    if (source.isEmpty() || caseKey.isEmpty()) {
        *error = tr("This run was not made by a plan (it was imported), so its hosts are unknown. Build a plan "
                    "with kind %1 and these parameters on the Plans page.")
                     .arg(run.record.kind);
        return std::nullopt;
    }
    QString parseError;
    auto plan = Plan::fromJson(source, &parseError);
    if (!plan) {
        *error = tr("The plan stored with this run no longer parses (%1). Build a new plan on the Plans page.")
                     .arg(parseError);
        return std::nullopt;
    }
    for (const TestCase &c : std::as_const(plan->cases)) {
        if (c.key == caseKey) {
            plan->cases = {c};
            plan->name = tr("%1 (re-run)").arg(plan->name);
            return plan;
        }
    }
    *error = tr("The plan stored with this run has no test case '%1'. Build a new plan on the Plans page.")
                 .arg(run.testCase);
    return std::nullopt;
}

void ResultsPage::rerunSelected()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const auto &run = m_detail->run();
    if (!run || run->id != m_model->row(current.row()).id) {
        MessageBox::warning(this, tr("Re-run"), tr("The run is still loading; try again in a moment."));
        return;
    }
    QString error;
    auto plan = rerunPlan(*run, &error);
    if (!plan) {
        MessageBox::warning(this, tr("Re-run"), error);
        return;
    }
    emit rerunRequested(*plan);
}

void ResultsPage::compareSelected()
{
    const QList<qint64> ids = selectedIds();
    if (ids.isEmpty()) {
        MessageBox::warning(this, tr("Compare selected"),
                                tr("Select the runs to compare in the table first (Ctrl+click or Shift+click for several)."));
        return;
    }
    emit compareRequested(ids);
}

void ResultsPage::exportTo(const QString &path, bool json)
{
    if (m_job.isRunning() || !m_store)
        return;
    RunFilter f = m_model->filter();
    f.limit = 0;
    f.offset = 0;
    m_job.setFuture(
        m_store->read([f, path, json](ResultStore &store) { return exportRuns(store, f, path, json); })
            .then(this, [](const StoreStatus &status) { return messageOf(status); }));
    connect(
        &m_job, &QFutureWatcher<QString>::finished, this,
        [this, path] {
            if (m_job.result().isEmpty())
                emit exported(path);
        },
        Qt::SingleShotConnection);
}

void ResultsPage::exportInteractive()
{
    QString filter;
    const QString path = FileDialog::saveFile(this, tr("Export runs"), m_settings.lastFolder(),
                                                      tr("CSV (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    m_settings.setLastFolder(QFileInfo(path).absolutePath());
    exportTo(path, path.endsWith(u".json"_s, Qt::CaseInsensitive) || filter.startsWith(u"JSON"_s));
}

void ResultsPage::saveLayout()
{
    m_settings.setViewState(Settings::ViewState::ResultsHeader, m_table->horizontalHeader()->saveState());
    m_settings.setViewState(Settings::ViewState::ResultsSplitter, m_splitter->saveState());
}

void ResultsPage::hideEvent(QHideEvent *event)
{
    saveLayout();
    Page::hideEvent(event);
}

} // namespace wb::gui
