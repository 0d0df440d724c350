// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Inventory page: the lab's hosts (with their SSH and data settings),
// NICs, switches/hubs, cables, links and uplinks as editable tables
// (validated, with undo/redo) beside a topology view;
// clicking a host, switch or cable label there selects it in the tables.
// Labs come from the database (loaded and saved off the GUI thread), from
// lab files (docs/lab-format.md, through wb::Inventory's own reader and
// writer) or from the example labs shipped with Wirebench. "Discover" fills
// a host's NICs (software interfaces only when asked) from its agent's
// sysinfo: the local agent for the machine
// itself, an SSH connection (host-key and passphrase questions as dialogs,
// libssh on the transport's own thread) for any other host.

#include "inventoryfields.h"
#include "page.h"
#include "config/sshoptions.h"

#include <memory>

#include <QFutureWatcher>
#include <QPointer>

class QCheckBox;
class QGraphicsView;
class QLabel;
class QProgressBar;
class QTimer;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace wb {
class StoreService;
class Settings;
class HostProbe;
} // namespace wb

namespace wb::gui {

class DialogPrompter;
class InventoryDocument;
class InventoryTableModel;
class TopologyScene;

// A lab read or written off the GUI thread: the lab, or an error for a person.
struct LabJob
{
    std::optional<Inventory> inventory;
    QString error;
    QString summary;
};

class InventoryPage : public Page
{
    Q_OBJECT
public:
    explicit InventoryPage(Settings &settings, QWidget *parent = nullptr);
    ~InventoryPage() override;
    QIcon icon() const override;

    // The open database's store service: loads its lab, and Save writes to it.
    void setStore(std::shared_ptr<StoreService> store);
    // The local lab's agent, for Discover.
    // How SSH hosts are reached for Discover (known_hosts files, timeouts).
    void setSshOptions(const SshOptions &options);
    // True while a discovery over SSH is connecting or waiting for sysinfo.
    bool isDiscovering() const;
    // Whether Discover reaches `host` over SSH rather than the local agent:
    // a non-loopback address, or SSH settings (user, key, port) of its own.
    static bool discoversOverSsh(const Host &host);
    // Where example labs are looked for besides the built-in resources (the
    // install data dir and, for tests, a fixture folder).
    void setExampleLabDirs(const QStringList &dirs) { m_exampleDirs = dirs; }
    QStringList exampleLabs() const;

    // The topology view never shrinks the lab below this (its text stays
    // at least TopologyLayout::kMinPointSize × this on screen).
    static constexpr double kMinTopologyScale = 0.9;
    QGraphicsView *topologyView() const { return m_topologyView; }

    InventoryDocument *document() const { return m_doc; }
    InventoryTableModel *model(InventoryTable table) const { return m_models[int(table)]; }
    QTableView *view(InventoryTable table) const { return m_views[int(table)]; }
    TopologyScene *topology() const { return m_scene; }
    InventoryTable currentTable() const;
    QString message() const;

    // Actions (buttons and shortcuts call these; tests too).
    void openLabFile(const QString &path);
    void openExampleLab();
    void exportLabFile(const QString &path);
    void saveToDatabase();
    void addRow();
    void removeSelectedRow();
    void discoverSelectedHost();

signals:
    void labLoaded(const QString &source);
    void labSaved(const QString &where);
    void discovered(const QString &host, int nics);
    void discoveryFailed(const QString &host, const QString &message);

protected:
    void hideEvent(QHideEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showMessage(const QString &text, bool error);
    void selectObject(InventoryTable table, const QString &key);
    void handleJob();
    void createToolbar();
    void createTables();
    void createMessageRow();
    void setUpDiscovery();
    void applySysinfo(const QJsonObject &sysinfo);
    void failDiscovery(const QString &error);
    void runJob(const QString &what, std::function<LabJob()> job);
    void saveLayout();
    void fitTopology();

    Settings &m_settings;
    std::shared_ptr<StoreService> m_store;
    QString m_databasePath; // m_store's location as shown
    QStringList m_exampleDirs;
    Host m_discoverHost;
    std::unique_ptr<DialogPrompter> m_prompter;
    HostProbe *m_probe = nullptr;
    QProgressBar *m_discoverBusy = nullptr;
    QCheckBox *m_includeVirtual = nullptr; // Discover also adds loopback, veth, bridges, ...
    InventoryDocument *m_doc;
    InventoryTableModel *m_models[kInventoryTableCount];
    QTableView *m_views[kInventoryTableCount];
    TopologyScene *m_scene;
    QGraphicsView *m_topologyView;
    QTabWidget *m_tabs;
    QSplitter *m_splitter;
    QLabel *m_message;
    QFutureWatcher<LabJob> m_job;
    QString m_jobWhat;
    bool m_reloadPending = false; // a newer database was set while a job ran
};

} // namespace wb::gui
