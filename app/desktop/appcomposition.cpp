// SPDX-License-Identifier: GPL-3.0-or-later
#include "appcomposition.h"

#include "baselinespage.h"
#include "comparepage.h"
#include "config/settings.h"
#include "databasekeychain.h"
#include "desktopnotifier.h"
#include "filedialog.h"
#include "inventorydocument.h"
#include "inventorypage.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "noticealerts.h"
#include "planspage.h"
#include "resultspage.h"
#include "run/hostprobe.h"
#include "runspage.h"
#include "analysis/storecomparisonprovider.h"
#include "exchange/documentkind.h"
#include "exchange/resultimport.h"
#include "store/databaseurl.h"
#include "store/noticewatcher.h"
#include "store/resultstore.h"
#include "store/storechangelistener.h"
#include "store/storeservice.h"
#include "textprompt.h"
#include "welcomepage.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QObject>
#include <QStatusBar>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace wb {

AppComposition::AppComposition(const QString &database)
    : m_settings(std::make_unique<Settings>()),
      m_window(std::make_unique<gui::MainWindow>(*m_settings)),
      m_localAgent(std::make_unique<HostProbe>(LabAccess()))
{
    gui::FileDialog::setSettings(m_settings.get()); // every chooser starts in the last folder used
    m_runs = new gui::RunsPage(*m_settings);
    m_results = new gui::ResultsPage(*m_settings);
    m_inventory = new gui::InventoryPage(*m_settings);
    m_window->addPage(m_inventory);
    auto *plans = new gui::PlansPage(*m_settings);
    m_plans = plans;
    m_window->addPage(plans);
    // The Plans page picks from the lab: it rereads it once it is saved.
    QObject::connect(m_inventory, &gui::InventoryPage::labSaved, plans, &gui::PlansPage::reloadInventory);
    m_window->addPage(m_runs);
    m_window->addPage(m_results);
    m_compare = new gui::ComparePage;
    m_window->addPage(m_compare);
    m_baselines = new gui::BaselinesPage;
    m_window->addPage(m_baselines);
    m_welcome = new gui::WelcomePage;
    m_window->addPage(m_welcome);
    m_window->restoreWindowState();
    m_firstRun = !m_settings->firstRunDone();
    if (m_firstRun)
        m_window->setCurrentPage(m_window->pageCount() - 1); // Getting started
    QObject::connect(m_welcome, &gui::WelcomePage::samplePlanRequested, m_window.get(), [this] {
        m_window->setCurrentPage(2);
        m_runs->runPlanFile(u":/plans/local-demo.json"_s);
    });
    QObject::connect(m_welcome, &gui::WelcomePage::compareRequested, m_window.get(),
                     [this] { m_window->setCurrentPage(4); });
    QObject::connect(m_welcome, &gui::WelcomePage::exampleLabRequested, m_window.get(), [this] {
        m_window->setCurrentPage(0);
        m_inventory->openLabFile(u":/labs/1997-sai-msu-fast-ethernet.json"_s);
    });

    gui::MainWindow *w = m_window.get();
    gui::RunsPage *runs = m_runs;
    gui::ResultsPage *results = m_results;
    QObject::connect(results, &gui::ResultsPage::rerunRequested, runs, [w, runs](const Plan &plan) {
        if (runs->runPlan(plan))
            w->setCurrentPage(2);
    });
    QObject::connect(runs, &gui::RunsPage::planStored, results, &gui::ResultsPage::reload);
    QObject::connect(results, &gui::ResultsPage::compareRequested, m_compare, [this](const QList<qint64> &ids) {
        m_compare->compareRuns(ids);
        showCompare();
    });
    // From a finished plan run to its results and their comparison.
    QObject::connect(runs, &gui::RunsPage::resultsRequested, results, [w, results](const QString &planName) {
        results->showPlan(planName);
        w->setCurrentPage(3);
    });
    QObject::connect(runs, &gui::RunsPage::compareRequested, m_compare, [this](const QList<qint64> &ids) {
        m_compare->compareRuns(ids);
        showCompare();
    });
    QObject::connect(runs, &gui::RunsPage::planStored, m_compare, [this] {
        if (m_compareProvider)
            m_compare->setProvider(m_compareProvider.get());
    });
    // An A/B experiment answers its question on the Compare page once stored.
    QObject::connect(runs, &gui::RunsPage::experimentStored, m_compare,
                     [this](const QString &planRunId, const QString &kind) {
                         m_compare->compareExperiment(planRunId, kind);
                         showCompare();
                     });
    // Hosts an opened plan added to the inventory appear on its page (unless
    // it holds edits of its own, which its Save would then write).
    QObject::connect(plans, &gui::PlansPage::hostsAddedToInventory, m_inventory, [this] {
        if (m_store && !m_inventory->document()->isModified())
            m_inventory->setStore(m_store);
    });
    QObject::connect(plans, &gui::PlansPage::runRequested, runs, [w, runs](const Plan &plan) {
        if (runs->runPlan(plan))
            w->setCurrentPage(2);
    });

    // The status bar shows whether the local agent answers its handshake.
    m_localAgent->setHandshakeOnly(true);
    QObject::connect(m_localAgent.get(), &HostProbe::finished, w, [w](const ProbeReport &report) {
        const HelloInfo &h = report.hello;
        w->setAgentStatus(QObject::tr("Local agent %1 (protocol %2) on %3")
                              .arg(h.agentVersion)
                              .arg(h.protocol)
                              .arg(h.host),
                          true);
    });
    QObject::connect(m_localAgent.get(), &HostProbe::failed, w, [w](const QString &, const QString &m) {
        w->setAgentStatus(QObject::tr("Local agent unavailable"), false);
        w->statusBar()->showMessage(m);
    });

    addDatabaseActions();
    QString initial = database.isEmpty() ? m_settings->databasePath() : database;
    // A password typed into --db's URL is kept in memory, never shown or saved.
    if (DatabaseUrl::isPostgres(initial)) {
        if (const auto url = DatabaseUrl::parse(initial)) {
            if (!url->password().isEmpty())
                DatabaseUrl::rememberPassword(url->display(), url->password());
            initial = url->display();
        }
    }
    openDatabase(initial);
}

AppComposition::~AppComposition()
{
    gui::FileDialog::setSettings(nullptr); // the settings go with this
}

void AppComposition::start()
{
    m_localAgent->start(ProbeTarget::localAgent(), 30000);
}

void AppComposition::openDatabase(const QString &path, bool remember)
{
    m_listener.reset();
    m_noticeAlerts.reset();
    m_noticeWatcher.reset();
    if (!DatabaseUrl::isPostgres(path)) {
        // The default folder may not exist on first start; a chosen file's
        // folder exists already (the file dialog picked it).
        QDir().mkpath(QFileInfo(path).absolutePath());
        startWriter(path, remember);
        return;
    }
    if (m_settings->databasePasswordInKeychain() && !DatabaseUrl::hasRememberedPassword(path)) {
        DatabaseKeychain::read(path, m_window.get(),
                               [this, path, remember](std::optional<QString> password) {
                                   if (password)
                                       DatabaseUrl::rememberPassword(path, *password);
                                   startWriter(path, remember);
                               });
        return;
    }
    startWriter(path, remember);
}

void AppComposition::startWriter(const QString &path, bool remember)
{
    m_store = std::make_shared<StoreService>(path);
    QObject::connect(m_store.get(), &StoreService::opened, m_window.get(),
                     [this, remember](const QString &p) { handleDatabaseOpened(p, remember); });
    QObject::connect(m_store.get(), &StoreService::openFailed, m_window.get(),
                     [this, path, remember](const StoreError &e) { handleDatabaseProblem(path, e, remember); });
    m_store->start();
}

void AppComposition::showPage(const QWidget *page)
{
    for (int i = 0; i < m_window->pageCount(); ++i)
        if (m_window->page(i) == page)
            m_window->setCurrentPage(i);
}

void AppComposition::openFiles(const QStringList &paths)
{
    QStringList results;
    for (const QString &path : paths) {
        switch (documentKind(path)) {
        case DocumentKind::Lab:
            m_inventory->openLabFile(path);
            showPage(m_inventory);
            break;
        case DocumentKind::Plan:
            if (m_plans->loadFile(path))
                showPage(m_plans);
            break;
        case DocumentKind::Results:
            results.append(path);
            break;
        }
    }
    if (results.isEmpty())
        return;
    if (m_databasePath.isEmpty() || !m_store)
        m_pendingImports += results; // imported by handleDatabaseOpened
    else
        importRuns(results);
}

void AppComposition::importRuns(const QStringList &paths)
{
    for (const QString &path : paths) {
        m_store
            ->write([path](ResultStore &store) -> StoreStatus {
                auto stored = importRunsFile(store, path);
                return stored ? StoreStatus() : StoreStatus(stored.error());
            })
            .then(m_window.get(), [this, path](const StoreStatus &status) {
                if (!status) {
                    gui::MessageBox::warning(m_window.get(), QObject::tr("Import results"), status.message());
                    return;
                }
                m_results->reload();
                showPage(m_results);
                m_window->statusBar()->showMessage(QObject::tr("Imported %1").arg(path), 10000);
            });
    }
}

void AppComposition::connectSharedDatabase()
{
    gui::MainWindow *w = m_window.get();
    const QString current = DatabaseUrl::isPostgres(m_databasePath) ? m_databasePath : u"postgresql://"_s;
    const auto answer = gui::TextPrompt::ask(
        w, QObject::tr("Connect to shared database"),
        QObject::tr("PostgreSQL URL (postgresql://USER@HOST:PORT/DBNAME, TLS options such as ?sslmode=verify-full "
                    "are passed on). The password comes from ~/.pgpass, the keychain or a prompt; it is never "
                    "saved in the settings."),
        current);
    if (!answer || answer->trimmed().isEmpty())
        return;
    auto url = DatabaseUrl::parse(answer->trimmed());
    if (!url) {
        gui::MessageBox::warning(w, QObject::tr("Connect to shared database"), url.message());
        return;
    }
    // A password typed into the URL is used, not kept with it.
    if (!url->password().isEmpty())
        DatabaseUrl::rememberPassword(url->display(), url->password());
    openDatabase(url->display(), true);
}

void AppComposition::watchNotices(const QString &path)
{
    if (path == u":memory:"_s)
        return; // nobody else can write there
    if (!m_notifier)
        m_notifier = std::make_unique<gui::DesktopNotifier>(QDBusConnection::sessionBus());
    m_noticeWatcher = std::make_unique<NoticeWatcher>(path);
    m_noticeAlerts = std::make_unique<gui::NoticeAlerts>(*m_noticeWatcher, *m_notifier, [this](const QString &text) {
        m_window->statusBar()->showMessage(text);
        m_results->reload();
    });
    QObject::connect(m_noticeWatcher.get(), &NoticeWatcher::failed, m_window.get(), [this](const StoreError &e) {
        m_window->statusBar()->showMessage(QObject::tr("Cannot watch for run notices: %1").arg(e.message));
    });
    m_noticeWatcher->start();
}

void AppComposition::refreshFromOthers()
{
    m_results->reload();
    m_baselines->reload();
    m_plans->reloadInventory();
    if (m_compareProvider)
        m_compare->setProvider(m_compareProvider.get());
    m_window->statusBar()->showMessage(
        QObject::tr("New results from another user in %1").arg(DatabaseUrl::redacted(m_databasePath)), 5000);
}

void AppComposition::showCompare()
{
    for (int i = 0; i < m_window->pageCount(); ++i)
        if (m_window->page(i) == m_compare)
            m_window->setCurrentPage(i);
}

void AppComposition::handleDatabaseOpened(const QString &path, bool remember)
{
    m_databasePath = path;
    // Every database holds the historical baselines this program ships (a
    // new one all of them, an older one those added since); on the store's
    // writer thread.
    // A first start also gets this machine's local lab (the seeds' 1997 lab
    // stays an example to open); the pages that show it reload afterwards.
    const bool examples = m_firstRun;
    m_store->write([examples](ResultStore &store) -> StoreStatus {
        ensureBuiltinBaselines(store);
        if (examples)
            ensureExampleLabs(store);
        return {};
    }).then(m_window.get(), [this, path, examples](const StoreStatus &) {
        if (examples) {
            m_settings->setFirstRunDone(true);
            m_firstRun = false;
            if (path == m_databasePath) {
                m_inventory->setStore(m_store);
                m_plans->reloadInventory();
            }
        }
        if (path == m_databasePath) {
            m_baselines->reload();
            if (m_compareProvider)
                m_compare->setProvider(m_compareProvider.get());
        }
        emit m_welcome->contentReady();
    });
    if (remember) {
        // A shared database is remembered as its URL without the password.
        QString remembered = path;
        if (DatabaseUrl::isPostgres(path)) {
            const auto url = DatabaseUrl::parse(path);
            remembered = url ? url->display() : QString();
        }
        m_settings->setDatabasePath(remembered);
    }
    m_runs->setStore(m_store);
    m_inventory->setStore(m_store);
    m_plans->setStore(m_store);
    m_baselines->setStore(m_store);
    m_results->setStore(m_store);
    // Compare what this database holds: its runs beside its baselines.
    m_compareProvider = std::make_unique<StoreComparisonProvider>(m_store);
    m_compare->setProvider(m_compareProvider.get());
    m_window->statusBar()->showMessage(QObject::tr("Results database: %1").arg(DatabaseUrl::redacted(path)),
                                       10000);
    watchNotices(path);
    if (StoreChangeListener::isShared(path)) {
        // Other users' results: reload once per burst of notifications.
        auto *refresh = new QTimer(m_window.get());
        refresh->setSingleShot(true);
        refresh->setInterval(300);
        QObject::connect(refresh, &QTimer::timeout, m_window.get(), [this] { refreshFromOthers(); });
        m_listener = std::make_unique<StoreChangeListener>(path);
        QObject::connect(m_listener.get(), &StoreChangeListener::changed, refresh, qOverload<>(&QTimer::start));
        QObject::connect(m_listener.get(), &QObject::destroyed, refresh, &QObject::deleteLater);
        QObject::connect(m_listener.get(), &StoreChangeListener::failed, m_window.get(), [this](const StoreError &e) {
            m_window->statusBar()->showMessage(e.message);
        });
        m_listener->start();
    }
    if (!m_typedPassword.isEmpty()) {
        const QString typed = std::exchange(m_typedPassword, QString());
        if (!m_settings->databasePasswordInKeychain() &&
            gui::MessageBox::question(m_window.get(), QObject::tr("Shared database"),
                                      QObject::tr("Keep the password for %1 in the system keychain, so Wirebench "
                                                  "does not ask again? (It is never written to the settings.)")
                                          .arg(DatabaseUrl::redacted(path))) == QMessageBox::Yes) {
            m_settings->setDatabasePasswordInKeychain(true);
            if (auto *a = m_window->findChild<QAction *>(u"databasePasswordInKeychain"_s))
                a->setChecked(true);
        }
        if (m_settings->databasePasswordInKeychain())
            DatabaseKeychain::write(path, typed);
    }
    if (!m_pendingImports.isEmpty())
        importRuns(std::exchange(m_pendingImports, QStringList()));
}

void AppComposition::handleDatabaseProblem(const QString &path, const StoreError &error, bool remember)
{
    gui::MainWindow *w = m_window.get();
    if (error.kind == StoreError::Kind::NeedsPassword) {
        const auto password = gui::TextPrompt::ask(w, QObject::tr("Shared database"),
                                                   QObject::tr("%1\n\nPassword:").arg(error.message), {}, true);
        if (password && !password->isEmpty()) {
            DatabaseUrl::rememberPassword(path, *password);
            m_typedPassword = *password;
            openDatabase(path, remember);
            return;
        }
    }
    if (DatabaseUrl::isPostgres(path)) {
        // Nothing was written anywhere; runs cannot start without a database.
        gui::MessageBox::critical(w, QObject::tr("Shared database"),
            (m_databasePath.isEmpty()
                    ? QObject::tr("%1\n\nNo results database is open: plans will not start. "
                                  "Connect again with File > Connect to shared database…, or "
                                  "open a local database file.")
                          .arg(error.message)
                    : QObject::tr("%1\n\nResults still go to %2.")
                          .arg(error.message, DatabaseUrl::redacted(m_databasePath))));
        if (m_databasePath.isEmpty())
            w->statusBar()->showMessage(
                QObject::tr("No results database open (the shared database is unavailable)."));
        return;
    }
    if (!error.isFileProblem()) {
        gui::MessageBox::critical(w, QObject::tr("Results database"),
                                  QObject::tr("Could not open the results database %1:\n%2\n\nClose other programs "
                                              "using it, then restart Wirebench.")
                                      .arg(DatabaseUrl::redacted(path), error.message));
        return;
    }
    const int choice = gui::MessageBox::choose(
        w, QObject::tr("Results database"),
        QObject::tr("The results database %1 cannot be used:\n%2\n\nThe file is left as it is. Open another "
                    "database, or create a new one (in another file).")
            .arg(DatabaseUrl::redacted(path), error.message),
        {QObject::tr("Open another…"), QObject::tr("Create new…")});
    if (choice == 0 || choice == 1) {
        chooseDatabase(choice == 1, path);
    } else {
        w->statusBar()->showMessage(QObject::tr("No results database open: results cannot be stored or shown. "
                                                "Choose one with File > Open results database…"));
    }
}

void AppComposition::chooseDatabase(bool create, const QString &near)
{
    gui::MainWindow *w = m_window.get();
    const QString folder = QFileInfo(near.isEmpty() ? m_settings->databasePath() : near).absolutePath();
    const QString path =
        create ? gui::FileDialog::saveFile(w, QObject::tr("New results database — it becomes the default"),
                                           folder + u"/wirebench-new.sqlite"_s,
                                           QObject::tr("Wirebench databases (*.sqlite)"))
               : gui::FileDialog::openFile(w, QObject::tr("Open results database — it becomes the default"), folder,
                                           QObject::tr("Wirebench databases (*.sqlite *.db);;All files (*)"));
    // An existing file is opened as it is, never replaced; a new name
    // becomes a new database.
    if (!path.isEmpty())
        openDatabase(path, true);
}

void AppComposition::addDatabaseActions()
{
    const QList<QAction *> menus = m_window->menuBar()->actions();
    QMenu *file = menus.isEmpty() ? nullptr : menus.first()->menu();
    if (!file)
        return;
    QAction *first = file->actions().value(0);
    auto *open = new QAction(QObject::tr("&Open results database (becomes the default)…"), m_window.get());
    open->setObjectName(u"openDatabase"_s);
    open->setStatusTip(QObject::tr("Open another results database; it stays the one Wirebench opens at its next "
                                   "start"));
    QObject::connect(open, &QAction::triggered, m_window.get(), [this] { chooseDatabase(false); });
    auto *create = new QAction(QObject::tr("&New results database (becomes the default)…"), m_window.get());
    create->setObjectName(u"newDatabase"_s);
    create->setStatusTip(QObject::tr("Create an empty results database; it stays the one Wirebench opens at its "
                                     "next start"));
    QObject::connect(create, &QAction::triggered, m_window.get(), [this] { chooseDatabase(true); });
    auto *shared = new QAction(QObject::tr("Connect to &shared database…"), m_window.get());
    shared->setObjectName(u"connectSharedDatabase"_s);
    QObject::connect(shared, &QAction::triggered, m_window.get(), [this] { connectSharedDatabase(); });
    // The keychain is opt-in; off, passwords come from ~/.pgpass or a prompt.
    auto *keychain = new QAction(QObject::tr("Keep shared-database passwords in the system &keychain"), m_window.get());
    keychain->setObjectName(u"databasePasswordInKeychain"_s);
    keychain->setCheckable(true);
    keychain->setChecked(m_settings->databasePasswordInKeychain());
    QObject::connect(keychain, &QAction::toggled, m_window.get(),
                     [this](bool on) { m_settings->setDatabasePasswordInKeychain(on); });
    file->insertAction(first, open);
    file->insertAction(first, create);
    file->insertAction(first, shared);
    file->insertAction(first, keychain);
    file->insertSeparator(first);
}

} // namespace wb
