// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The composition root of the desktop program: builds the core services and
// the main window with its pages, and wires them together. Tests build the
// same window through it. It opens the results database (Settings::
// databasePath()) as one StoreService (one writer thread, a pool of
// readers) and hands it to the pages. A file that cannot be used (corrupt, from
// a newer Wirebench, not a Wirebench database) is never overwritten: the
// user is told which file it is and may open another or create a new one.
// A shared PostgreSQL database (File > Connect to shared database…) is
// opened the same way; its password comes from ~/.pgpass, the keychain
// (opt-in) or a prompt, and the pages reload when another client stores
// results (StoreChangeListener). Run notices that scheduled runs leave in
// the database are raised as desktop notifications while the program runs
// (NoticeWatcher, NoticeAlerts).

#include <QString>
#include <QStringList>

#include <memory>

class QWidget;

namespace wb {
class ComparisonProvider;
class HostProbe;
class NoticeWatcher;
class Settings;
class StoreChangeListener;
class StoreService;
struct StoreError;
namespace gui {
class DesktopNotifier;
class NoticeAlerts;
class InventoryPage;
class PlansPage;
class MainWindow;
class ResultsPage;
class BaselinesPage;
class ComparePage;
class WelcomePage;
class RunsPage;
} // namespace gui

class AppComposition
{
public:
    // `database`: opened instead of the one the settings remember, for this
    // session only (the --db option); empty for the remembered one.
    explicit AppComposition(const QString &database = {});
    ~AppComposition();

    gui::MainWindow &mainWindow() { return *m_window; }
    // The local agent's handshake, checked at start().
    HostProbe &localAgent() { return *m_localAgent; }
    gui::RunsPage &runsPage() { return *m_runs; }
    gui::ResultsPage &resultsPage() { return *m_results; }
    gui::BaselinesPage &baselinesPage() { return *m_baselines; }
    gui::ComparePage &comparePage() { return *m_compare; }
    gui::WelcomePage &welcomePage() { return *m_welcome; }
    gui::InventoryPage &inventoryPage() { return *m_inventory; }
    // Starts the background services (the local agent handshake).
    void start();

    // Opens (or creates) the results database at `path` in the background;
    // pages get it once it is open. Remembered in the settings when
    // `remember` is set.
    void openDatabase(const QString &path, bool remember = false);
    // The database the pages use; empty until one is open.
    QString databasePath() const { return m_databasePath; }

    // Opens each file where it belongs (exchange/documentkind.h): a lab file
    // in Inventory, a plan in Plans, anything else (.flent.gz, netperf,
    // iperf3...) imported as runs into the database once it is open, then
    // shown in Results. For `wirebench FILE...` and the desktop file's %F.
    void openFiles(const QStringList &paths);

private:
    void importRuns(const QStringList &paths);
    void showPage(const QWidget *page);
    void showCompare(); // the Compare page becomes the current one
    void handleDatabaseOpened(const QString &path, bool remember);
    void handleDatabaseProblem(const QString &path, const StoreError &error, bool remember);
    void startWriter(const QString &path, bool remember);
    // Asks for a postgresql:// URL and opens it.
    void connectSharedDatabase();
    // Another client changed the shared database: reload what shows it.
    void refreshFromOthers();
    // Asks for a database file (an existing one, or a name for a new one).
    void chooseDatabase(bool create, const QString &near = {});
    void addDatabaseActions();
    // Starts watching `path` for unseen run notices.
    void watchNotices(const QString &path);

    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<gui::MainWindow> m_window;
    std::unique_ptr<HostProbe> m_localAgent;
    std::shared_ptr<StoreService> m_store; // the open database's one service
    std::unique_ptr<StoreChangeListener> m_listener;
    // Run notices other processes (scheduled runs) leave: raised as desktop
    // notifications, or in the status bar where the desktop has none.
    std::unique_ptr<NoticeWatcher> m_noticeWatcher;
    std::unique_ptr<gui::DesktopNotifier> m_notifier;
    std::unique_ptr<gui::NoticeAlerts> m_noticeAlerts;
    QString m_typedPassword; // typed for the database being opened; offered to the keychain once it works
    gui::InventoryPage *m_inventory = nullptr;
    gui::PlansPage *m_plans = nullptr;
    gui::RunsPage *m_runs = nullptr;
    gui::ResultsPage *m_results = nullptr;
    gui::BaselinesPage *m_baselines = nullptr;
    gui::ComparePage *m_compare = nullptr;
    gui::WelcomePage *m_welcome = nullptr;
    bool m_firstRun = false;
    std::unique_ptr<ComparisonProvider> m_compareProvider;
    QString m_databasePath;
    QStringList m_pendingImports; // files to import once the database is open
};

} // namespace wb
