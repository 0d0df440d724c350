// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorypage.h"

#include "store/storeservice.h"

#include "apppalette.h"

#include "config/settings.h"
#include "dialogprompter.h"
#include "filedialog.h"
#include "inventorydocument.h"
#include "inventory/nicdiscovery.h"
#include "inventorytablemodel.h"
#include "messagebox.h"
#include "run/hostprobe.h"
#include "store/databaseurl.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "topologyscene.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QTimer>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QtConcurrent>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// On a reader of the store service.
LabJob loadFromDatabase(ResultStore &db)
{
    LabJob job;
    auto inv = db.inventory().load();
    if (!inv)
        job.error = inv.error().message;
    else
        job.inventory = std::move(*inv);
    return job;
}

// On the store service's writer thread.
LabJob saveToDatabaseJob(ResultStore &db, const Inventory &inv)
{
    LabJob job;
    InventoryStore &store = db.inventory();
    auto before = store.load();
    if (!before) {
        job.error = before.message();
        return job;
    }
    // What the user removed here goes from the database too, except what
    // stored results refer to (the store refuses that; history stays).
    QStringList kept;
    int removed = 0;
    auto drop = [&](const StoreStatus &status, const QString &what) {
        if (status)
            ++removed;
        else
            kept.append(what + u": "_s + status.message());
    };
    QSet<QString> linkedNics;
    for (const Link &l : inv.links)
        linkedNics.insert(l.nicKey);
    for (const Link &l : std::as_const(before->links))
        if (!linkedNics.contains(l.nicKey))
            drop(store.deleteLink(l.id), QObject::tr("link of %1").arg(l.nicKey));
    // An uplink is known by its cable: one whose cable is no uplink's here
    // goes first, so that the cable is free for what it is now.
    QSet<QString> uplinkCables;
    for (const Uplink &u : inv.uplinks)
        uplinkCables.insert(u.cableLabel);
    for (const Uplink &u : std::as_const(before->uplinks))
        if (!uplinkCables.contains(u.cableLabel))
            drop(store.deleteUplink(u.id), QObject::tr("uplink on cable %1").arg(u.cableLabel));
    auto sum = store.importInventory(inv);
    if (!sum) {
        job.error = sum.message() + QObject::tr(" (the lab was not saved; fix it and save again)");
        return job;
    }
    for (const Nic &n : std::as_const(before->nics))
        if (!inv.nic(n.key()))
            drop(store.deleteNic(n.id), n.key());
    for (const Host &h : std::as_const(before->hosts))
        if (!inv.host(h.name))
            drop(store.deleteHost(h.id), h.name);
    for (const Cable &c : std::as_const(before->cables))
        if (!inv.cable(c.label))
            drop(store.deleteCable(c.id), c.label);
    for (const NetworkSwitch &sw : std::as_const(before->switches))
        if (!inv.networkSwitch(sw.name))
            drop(store.deleteSwitch(sw.id), sw.name);
    job.summary = QObject::tr("Saved to the database: %1 added, %2 updated, %3 unchanged, %4 removed.")
                      .arg(sum->added)
                      .arg(sum->updated)
                      .arg(sum->unchanged)
                      .arg(removed);
    if (!kept.isEmpty())
        job.summary += QObject::tr(" Kept because stored results refer to them (delete those runs first to "
                                   "remove them): %1.")
                           .arg(kept.join(u"; "_s));
    return job;
}

LabJob readLabFile(const QString &path)
{
    LabJob job;
    QString error;
    job.inventory = Inventory::fromFile(path, &error);
    if (!job.inventory)
        job.error = error + QObject::tr("\n\nFix the lab file (see docs/lab-format.md) and open it again.");
    return job;
}

LabJob writeLabFile(const QString &path, const Inventory &inv)
{
    LabJob job;
    QString error;
    if (!inv.saveToFile(path, &error))
        job.error = error + QObject::tr("\n\nChoose another file or folder.");
    else
        job.summary = QObject::tr("Exported the lab to %1.").arg(path);
    return job;
}

} // namespace

InventoryPage::InventoryPage(Settings &settings, QWidget *parent)
    : Page(tr("Inventory"),
           tr("The lab: hosts, NICs, switches and hubs, cables with their lengths, and what is wired to what."),
           parent),
      m_settings(settings),
      m_doc(new InventoryDocument(this)),
      m_scene(new TopologyScene(this)),
      m_topologyView(new QGraphicsView(m_scene)),
      m_tabs(new QTabWidget),
      m_splitter(new QSplitter(Qt::Horizontal)),
      m_message(new QLabel)
{
    setObjectName(u"inventoryPage"_s);
    m_exampleDirs = QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, u"wirebench/labs"_s,
                                              QStandardPaths::LocateDirectory);
    createToolbar();
    createTables();
    m_topologyView->setObjectName(u"topologyView"_s);
    m_topologyView->setAccessibleName(tr("Topology of the lab"));
    m_topologyView->setAccessibleDescription(tr("Hosts, switches and the cables between them; the tables beside "
                                                "it list the same in text."));
    m_topologyView->setRenderHint(QPainter::Antialiasing);
    m_topologyView->setDragMode(QGraphicsView::ScrollHandDrag);
    m_topologyView->setMinimumWidth(280);
    m_splitter->setObjectName(u"inventorySplitter"_s);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(m_topologyView);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    const int em = fontMetrics().horizontalAdvance(u'M');
    m_splitter->setSizes({50 * em, 40 * em});
    const QByteArray split = m_settings.viewState(Settings::ViewState::InventorySplitter);
    if (!split.isEmpty())
        m_splitter->restoreState(split);
    body()->addWidget(m_splitter, 1);

    createMessageRow();
    setUpDiscovery();
    showMessage(tr("Open a lab file (Ctrl+O) or the example lab, or add hosts with Ctrl+N. Edit a cell by "
                   "double-clicking it or typing; Ctrl+Z undoes."),
                false);

    connect(m_doc, &InventoryDocument::inventoryChanged, this, [this] {
        m_scene->rebuild(m_doc->inventory());
        fitTopology();
        for (QTableView *v : m_views)
            v->resizeColumnsToContents();
    });
    // An empty lab shows what to do until one is loaded.
    m_scene->rebuild(m_doc->inventory());
    // The whole lab stays in view as the view changes size.
    m_topologyView->viewport()->installEventFilter(this);
    connect(m_scene, &TopologyScene::objectClicked, this, &InventoryPage::selectObject);
    connect(&m_job, &QFutureWatcher<LabJob>::finished, this, &InventoryPage::handleJob);
}

// Open, example lab, export, save, add, remove and Discover, with shortcuts.
void InventoryPage::createToolbar()
{
    // A tool bar: when the window is narrow what does not fit goes into its
    // » menu instead of widening the window. Its buttons keep Tab focus.
    auto *bar = new QToolBar;
    bar->setObjectName(u"inventoryToolbar"_s);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    auto addButton = [bar](QAction *a, Qt::ToolButtonStyle buttonStyle) {
        bar->addAction(a);
        if (auto *b = qobject_cast<QToolButton *>(bar->widgetForAction(a))) {
            b->setToolButtonStyle(buttonStyle);
            b->setFocusPolicy(Qt::TabFocus);
        }
    };
    auto makeAction = [&](const QString &text, QStyle::StandardPixmap icon, const QKeySequence &key,
                          const QString &name) {
        auto *a = new QAction(style()->standardIcon(icon), text, this);
        if (!key.isEmpty()) {
            a->setShortcut(key);
            a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            a->setToolTip(u"%1 (%2)"_s.arg(text, key.toString(QKeySequence::NativeText)));
        }
        a->setObjectName(name);
        addAction(a);
        addButton(a, Qt::ToolButtonTextBesideIcon);
        return a;
    };
    QAction *open = makeAction(tr("Open lab…"), QStyle::SP_DialogOpenButton, QKeySequence::Open, u"openLab"_s);
    QAction *example = makeAction(tr("Example lab"), QStyle::SP_FileDialogInfoView, {}, u"exampleLab"_s);
    QAction *exportLab = makeAction(tr("Export…"), QStyle::SP_DialogSaveButton,
                                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), u"exportLab"_s);
    QAction *save = makeAction(tr("Save to database"), QStyle::SP_DriveHDIcon, QKeySequence::Save, u"saveLab"_s);
    bar->addSeparator();
    QAction *add = makeAction(tr("Add"), QStyle::SP_FileDialogNewFolder, QKeySequence(Qt::CTRL | Qt::Key_N),
                              u"addRow"_s);
    QAction *remove = makeAction(tr("Remove"), QStyle::SP_TrashIcon, QKeySequence(Qt::CTRL | Qt::Key_Delete),
                                 u"removeRow"_s);
    QAction *undo = m_doc->undoStack()->createUndoAction(this, tr("Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    undo->setObjectName(u"undo"_s);
    addAction(undo);
    QAction *redo = m_doc->undoStack()->createRedoAction(this, tr("Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    redo->setObjectName(u"redo"_s);
    addAction(redo);
    for (QAction *a : {undo, redo})
        addButton(a, Qt::ToolButtonIconOnly);
    bar->addSeparator();
    QAction *discover = makeAction(tr("Discover NICs"), QStyle::SP_BrowserReload, QKeySequence(Qt::CTRL | Qt::Key_D),
                                   u"discover"_s);
    m_includeVirtual = new QCheckBox(tr("Include virtual"));
    m_includeVirtual->setObjectName(u"includeVirtual"_s);
    m_includeVirtual->setToolTip(tr("Include virtual interfaces: Discover also adds loopback, veth, bridges, docker, tun/tap and ifb "
                                    "interfaces (a lab of network namespaces is cabled with veth pairs)."));
    bar->addWidget(m_includeVirtual);
    body()->addWidget(bar);
    connect(open, &QAction::triggered, this, [this] {
        const QString path = FileDialog::openFile(this, tr("Open lab"), m_settings.lastFolder(),
                                                          tr("Wirebench labs (*.json)"));
        if (path.isEmpty())
            return;
        m_settings.setLastFolder(QFileInfo(path).absolutePath());
        openLabFile(path);
    });
    connect(example, &QAction::triggered, this, &InventoryPage::openExampleLab);
    connect(exportLab, &QAction::triggered, this, [this] {
        const QString path = FileDialog::saveFile(this, tr("Export lab"), m_settings.lastFolder(),
                                                          tr("Wirebench labs (*.json)"));
        if (path.isEmpty())
            return;
        m_settings.setLastFolder(QFileInfo(path).absolutePath());
        exportLabFile(path);
    });
    connect(save, &QAction::triggered, this, &InventoryPage::saveToDatabase);
    connect(add, &QAction::triggered, this, &InventoryPage::addRow);
    connect(remove, &QAction::triggered, this, &InventoryPage::removeSelectedRow);
    connect(discover, &QAction::triggered, this, &InventoryPage::discoverSelectedHost);
}

// One editable table per kind of inventory object, in tabs.
void InventoryPage::createTables()
{
    for (int t = 0; t < kInventoryTableCount; ++t) {
        const auto table = static_cast<InventoryTable>(t);
        auto *model = new InventoryTableModel(m_doc, table, this);
        auto *view = new QTableView;
        view->setObjectName(u"inventoryTable%1"_s.arg(t));
        view->setAccessibleName(tr("%1 of the lab").arg(InventoryFields::tableName(table)));
        view->setModel(model);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->setAlternatingRowColors(true);
        view->verticalHeader()->hide();
        view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
        view->horizontalHeader()->setStretchLastSection(true);
        view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                              QAbstractItemView::AnyKeyPressed);
        connect(model, &InventoryTableModel::editRefused, this, [this](const QString &m) { showMessage(m, true); });
        connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, table](const QModelIndex &current) {
                    if (current.isValid())
                        m_scene->selectObject(table, InventoryFields::key(m_doc->inventory(), table, current.row()));
                });
        m_models[t] = model;
        m_views[t] = view;
        m_tabs->addTab(view, InventoryFields::tableName(table));
    }
    m_tabs->setObjectName(u"inventoryTabs"_s);
}

// The message line under the tables, with Discover's busy indicator.
void InventoryPage::createMessageRow()
{
    m_message->setObjectName(u"inventoryMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_discoverBusy = new QProgressBar;
    m_discoverBusy->setObjectName(u"discoverBusy"_s);
    m_discoverBusy->setRange(0, 0);
    m_discoverBusy->setMaximumWidth(140);
    m_discoverBusy->setTextVisible(false);
    m_discoverBusy->hide();
    auto *messageRow = new QHBoxLayout;
    messageRow->addWidget(m_message, 1);
    messageRow->addWidget(m_discoverBusy);
    body()->addLayout(messageRow);
}

InventoryPage::~InventoryPage()
{
    saveLayout();
    m_job.waitForFinished();
}

QIcon InventoryPage::icon() const { return style()->standardIcon(QStyle::SP_ComputerIcon); }

InventoryTable InventoryPage::currentTable() const { return static_cast<InventoryTable>(m_tabs->currentIndex()); }

QString InventoryPage::message() const { return m_message->text(); }

void InventoryPage::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? u"color: %1;"_s.arg(AppPalette::errorColour(palette()).name()) : QString());
}

namespace {

// A job of the store service, waited for on the page's worker thread (never
// the GUI thread): `fn` runs on a reader or, for a write, the writer.
LabJob viaStore(const std::shared_ptr<StoreService> &store, bool write, std::function<LabJob(ResultStore &)> fn)
{
    auto run = [fn](ResultStore &db) -> StoreResult<LabJob> { return fn(db); };
    auto done = write ? store->write(run).result() : store->read(run).result();
    if (!done) {
        LabJob failed;
        failed.error = done.error().message;
        return failed;
    }
    return *done;
}

} // namespace

void InventoryPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    m_databasePath = m_store ? m_store->displayLocation() : QString();
    if (!m_store)
        return;
    if (m_job.isRunning()) {
        m_reloadPending = true; // the newest database wins once the job ends
        return;
    }
    runJob(u"load"_s, [store = m_store] { return viaStore(store, false, loadFromDatabase); });
}

void InventoryPage::runJob(const QString &what, std::function<LabJob()> job)
{
    if (m_job.isRunning()) {
        showMessage(tr("Still busy with the last lab operation; try again in a moment."), true);
        return;
    }
    m_jobWhat = what;
    m_job.setFuture(QtConcurrent::run(std::move(job)));
}

void InventoryPage::handleJob()
{
    LabJob job = m_job.result();
    const QString what = m_jobWhat;
    if (m_reloadPending) {
        m_reloadPending = false;
        runJob(u"load"_s, [store = m_store] { return viaStore(store, false, loadFromDatabase); });
        if (what == u"load"_s)
            return; // an older database's lab: drop it
    }
    if (!job.error.isEmpty()) {
        if (what == u"load"_s)
            showMessage(tr("Could not read the inventory from the database: %1").arg(job.error), true);
        else
            MessageBox::critical(this, tr("Inventory"), job.error);
        return;
    }
    // What a lab that loads may still get wrong (a port beyond its switch's
    // count, two links on one port) comes after the summary.
    const auto withWarnings = [this](QString text, const Inventory &inv) {
        const QStringList warnings = inv.warnings();
        if (!warnings.isEmpty())
            text += u' ' + tr("Check: %1.").arg(warnings.join(u"; "_s));
        showMessage(text, !warnings.isEmpty());
    };
    if (what == u"load"_s) {
        m_doc->load(*job.inventory);
        withWarnings(tr("The lab in the database %1: %2 hosts, %3 links. Edits are kept here until you save "
                        "them (Ctrl+S).")
                         .arg(DatabaseUrl::redacted(m_databasePath))
                         .arg(job.inventory->hosts.size())
                         .arg(job.inventory->links.size()),
                     *job.inventory);
        emit labLoaded(m_databasePath);
    } else if (what.startsWith(u"open:"_s)) {
        const QString path = what.mid(5);
        m_doc->replace(*job.inventory, tr("Open %1").arg(QFileInfo(path).fileName()));
        withWarnings(tr("Opened %1: %2 hosts. Save to the database (Ctrl+S) to keep it.")
                         .arg(path)
                         .arg(job.inventory->hosts.size()),
                     *job.inventory);
        emit labLoaded(path);
    } else {
        if (what == u"save"_s)
            m_doc->setUnmodified();
        showMessage(job.summary, false);
        emit labSaved(what);
    }
}

void InventoryPage::openLabFile(const QString &path)
{
    runJob(u"open:"_s + path, [path] { return readLabFile(path); });
}

QStringList InventoryPage::exampleLabs() const
{
    QStringList labs;
    QStringList dirs{u":/labs"_s};
    dirs += m_exampleDirs;
    for (const QString &d : std::as_const(dirs)) {
        const QFileInfoList files = QDir(d).entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name);
        for (const QFileInfo &f : files)
            labs.append(f.filePath());
    }
    return labs;
}

void InventoryPage::openExampleLab()
{
    const QStringList labs = exampleLabs();
    if (labs.isEmpty()) {
        MessageBox::warning(this, tr("Example lab"),
                            tr("No example lab is installed. Reinstall Wirebench, or open a lab file with "
                               "Ctrl+O."));
        return;
    }
    QString chosen = labs.first();
    if (labs.size() > 1) {
        QStringList names;
        for (const QString &l : labs)
            names.append(QFileInfo(l).completeBaseName());
        const int i = MessageBox::choose(this, tr("Example lab"), tr("Which example lab?"), names,
                                         QMessageBox::Question);
        if (i < 0)
            return;
        chosen = labs.at(i);
    }
    openLabFile(chosen);
}

void InventoryPage::exportLabFile(const QString &path)
{
    const Inventory inv = m_doc->inventory();
    runJob(u"export"_s, [path, inv] { return writeLabFile(path, inv); });
}

void InventoryPage::saveToDatabase()
{
    if (!m_store) {
        MessageBox::warning(this, tr("Inventory"),
                            tr("No results database is open. Export the lab to a file (Ctrl+Shift+S) instead, "
                               "or restart Wirebench and open a database."));
        return;
    }
    const Inventory inv = m_doc->inventory();
    runJob(u"save"_s, [store = m_store, inv] {
        return viaStore(store, true, [inv](ResultStore &db) { return saveToDatabaseJob(db, inv); });
    });
}

void InventoryPage::addRow()
{
    const InventoryTable table = currentTable();
    int row = -1;
    if (const QString error = m_doc->appendRow(table, &row); !error.isEmpty()) {
        showMessage(error, true);
        return;
    }
    QTableView *view = m_views[int(table)];
    view->setCurrentIndex(m_models[int(table)]->index(row, 0));
    view->setFocus();
    showMessage(tr("Added %1. Type to rename it; Ctrl+Z takes it back.")
                    .arg(InventoryFields::key(m_doc->inventory(), table, row)),
                false);
}

void InventoryPage::removeSelectedRow()
{
    const InventoryTable table = currentTable();
    const QModelIndex current = m_views[int(table)]->currentIndex();
    if (!current.isValid()) {
        showMessage(tr("Select a row to remove."), true);
        return;
    }
    const QString key = InventoryFields::key(m_doc->inventory(), table, current.row());
    m_doc->removeRow(table, current.row());
    showMessage(tr("Removed %1 and what was wired to it. Ctrl+Z brings it back.").arg(key), false);
}

void InventoryPage::setUpDiscovery()
{
    // Host-key and passphrase questions come back here as dialogs.
    m_prompter = std::make_unique<DialogPrompter>(this);
    LabAccess access;
    access.ssh.wirebenchKnownHostsFile = SshOptions::defaultWirebenchKnownHostsFile();
    access.hostKeys = m_prompter.get();
    access.credentials = m_prompter.get();
    m_probe = new HostProbe(access, this);
    connect(m_probe, &HostProbe::progressed, this, [this](const QString &m) { showMessage(m, false); });
    connect(m_probe, &HostProbe::finished, this, [this](const ProbeReport &report) {
        m_discoverBusy->hide();
        if (!report.sysinfoSupported) {
            failDiscovery(tr("the agent on %1 (version %2) cannot report its system; update it")
                              .arg(m_discoverHost.name, report.hello.agentVersion));
            return;
        }
        applySysinfo(report.sysinfo);
    });
    connect(m_probe, &HostProbe::failed, this, [this](const QString &, const QString &error) {
        m_discoverBusy->hide();
        failDiscovery(error);
    });
}

void InventoryPage::setSshOptions(const SshOptions &options)
{
    LabAccess access;
    access.ssh = options;
    access.hostKeys = m_prompter.get();
    access.credentials = m_prompter.get();
    m_probe->setAccess(access);
}

void InventoryPage::discoverSelectedHost()
{
    const QModelIndex current = m_views[int(InventoryTable::Hosts)]->currentIndex();
    const Inventory &inv = m_doc->inventory();
    if (!current.isValid() || current.row() >= inv.hosts.size()) {
        m_tabs->setCurrentIndex(int(InventoryTable::Hosts));
        showMessage(tr("Select the host to discover on the Hosts tab first."), true);
        return;
    }
    if (m_probe->isBusy()) {
        showMessage(tr("Still discovering %1; wait for it to finish.").arg(m_discoverHost.name), true);
        return;
    }
    m_discoverHost = inv.hosts.at(current.row());
    m_discoverBusy->show();
    // 90 s covers a host-key question answered slowly.
    m_probe->start(ProbeTarget::fromHost(m_discoverHost), 90000);
}

bool InventoryPage::isDiscovering() const
{
    return m_probe->isBusy();
}

bool InventoryPage::discoversOverSsh(const Host &host)
{
    return ProbeTarget::needsSsh(host);
}

void InventoryPage::failDiscovery(const QString &error)
{
    const bool ssh = ProbeTarget::needsSsh(m_discoverHost);
    showMessage(ssh ? tr("Discover %1 failed: %2. Check the host's address, SSH port, user and key on the Hosts tab "
                         "(and that it accepts this key), then try again.")
                          .arg(m_discoverHost.name, error)
                    : tr("Discover %1 failed: %2. Check that wirebench-agent is installed, then try again.")
                          .arg(m_discoverHost.name, error),
                true);
    emit discoveryFailed(m_discoverHost.name, error);
}

void InventoryPage::applySysinfo(const QJsonObject &sysinfo)
{
    const DiscoveredHost found =
        discoverFromSysinfo(sysinfo, m_discoverHost, {.includeVirtual = m_includeVirtual->isChecked()});
    m_doc->applyDiscovery(found.host, found.nics, tr("Discover %1").arg(m_discoverHost.name));
    QString text = tr("%1: %2 NICs found and added or updated. Ctrl+Z undoes.")
                       .arg(m_discoverHost.name)
                       .arg(found.nics.size());
    if (!found.leftOut.isEmpty())
        text += u' ' + tr("Left out as virtual: %1 (tick \"Include virtual\" to add them).")
                           .arg(found.leftOut.join(u", "_s));
    showMessage(text, false);
    emit discovered(m_discoverHost.name, int(found.nics.size()));
}

void InventoryPage::selectObject(InventoryTable table, const QString &key)
{
    const int row = InventoryFields::rowOfKey(m_doc->inventory(), table, key);
    if (row < 0)
        return;
    m_tabs->setCurrentIndex(int(table));
    QTableView *view = m_views[int(table)];
    view->selectRow(row);
    view->scrollTo(m_models[int(table)]->index(row, 0));
}

void InventoryPage::fitTopology()
{
    if (m_scene->items().isEmpty())
        return;
    m_topologyView->fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    // A lab of one or two boxes should not fill the view with giant letters,
    // and a big lab is never shrunk below readable text: the view scrolls
    // (drag it) instead.
    const double scale = std::clamp(m_topologyView->transform().m11(), kMinTopologyScale, 1.25);
    if (!qFuzzyCompare(scale, m_topologyView->transform().m11())) {
        m_topologyView->resetTransform();
        m_topologyView->scale(scale, scale);
        m_topologyView->centerOn(m_scene->sceneRect().center());
    }
}

bool InventoryPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_topologyView->viewport() && event->type() == QEvent::Resize)
        fitTopology();
    return Page::eventFilter(watched, event);
}

void InventoryPage::saveLayout()
{
    m_settings.setViewState(Settings::ViewState::InventorySplitter, m_splitter->saveState());
}

void InventoryPage::hideEvent(QHideEvent *event)
{
    saveLayout();
    Page::hideEvent(event);
}

} // namespace wb::gui
