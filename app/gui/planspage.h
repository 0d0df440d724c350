// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Plans page: builds a test plan (docs/plan-format.md) with a form —
// hosts, then tests with kind, a classic preset or hand-written parameters
// (an array is a sweep), endpoints (client/server host and NIC, or a host
// matrix), duration and repetitions with a confidence rule, or an A/B
// experiment whose arms give the endpoints — and shows what it expands to as
// the user types, parsed by wb::Plan itself so errors are the same as the
// CLI's. Saves and loads plan files (offering to add a plan's own hosts to
// the inventory); Run hands the plan to the run monitor.

#include "inventory/inventory.h"
#include "page.h"
#include "run/plan.h"

#include <QJsonObject>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QSplitter;
class QTableWidget;

namespace wb {
class Settings;
class StoreService;
}

namespace wb::gui {

class PlansPage : public Page
{
    Q_OBJECT
public:
    explicit PlansPage(Settings &settings, QWidget *parent = nullptr);
    ~PlansPage() override;
    QIcon icon() const override;

    // The plan as JSON (what Save writes) and as wb::Plan parses it.
    QJsonObject planJson() const { return m_plan; }
    std::optional<Plan> plan(QString *error) const;
    void setPlanJson(const QJsonObject &json);

    // The inventory the pickers list and paths resolve over, read through
    // the store service off the GUI thread; reloadInventory() after the lab
    // changed. inventoryLoaded() follows each read.
    void setStore(std::shared_ptr<StoreService> store);
    void reloadInventory();
    const Inventory &inventory() const { return m_inventory; }
    // The selected case's path as shown, and the hosts' override notes.
    QString resolvedPathText() const;
    QString hostNotesText() const;
    // What the experiment's arms' paths say about its question.
    QString experimentNotesText() const;

    // Editing, for the buttons and for tests.
    void newPlan();
    bool loadFile(const QString &path);
    bool saveFile(const QString &path);
    void addHost(const QString &name, const QString &transport, const QString &address);
    void addTest();
    void removeTest();
    void applyPreset(int index);
    void run();
    // The A/B experiment (docs/plan-format.md, "experiment"): on, its tests
    // take their endpoints from the arms; off, from the first arm.
    void setExperimentEnabled(bool on);
    bool experimentEnabled() const;
    void addArm(const QString &name, const QString &clientHost, const QString &clientNic, const QString &serverHost,
                const QString &serverNic);
    void removeArm(int row);
    QTableWidget *armsTable() const { return m_arms; }

    QString previewText() const;
    QListWidget *testsList() const { return m_tests; }

signals:
    void runRequested(const wb::Plan &plan);
    void inventoryLoaded();
    // Hosts of an opened plan were added to the inventory (their names).
    void hostsAddedToInventory(const QStringList &names);

protected:
    void hideEvent(QHideEvent *event) override;

private:
    void createToolbar();
    QWidget *buildPlanPanel();
    QWidget *buildTestPanel();
    QWidget *buildPreviewPanel();
    QWidget *buildExperimentPanel();
    void connectForm();
    QJsonObject currentTest() const;
    void setCurrentTest(const QJsonObject &test);
    void loadForm();
    void loadTestForm();
    void writeForm();
    void writeHosts();
    void loadExperimentForm();
    void writeExperiment();
    void setArmRow(int row, const QJsonObject &arm);
    QStringList armEndChoices() const;
    void offerMissingHosts();
    void refreshHostChoices();
    void refreshNicChoices(QComboBox *host, QComboBox *nic);
    void updateStreamControls(const QJsonObject &params);
    void pickNicOfNewHost(QComboBox *nic);
    void setInventory(const Inventory &inventory);
    void setHostRow(int row, const QString &name, const QString &transport, const QString &address);
    void updateHostNotes(const Plan &plan);
    void updateResolvedPath();
    void updateExperimentNotes(const Plan &plan);
    void updatePreview();
    void updateEndpointControls();
    QStringList hostNames() const;

    Settings &m_settings;
    QJsonObject m_plan;
    QString m_path;
    bool m_loading = false;

    QLineEdit *m_name;
    QLineEdit *m_description;
    QTableWidget *m_hosts;
    QListWidget *m_tests;
    QLineEdit *m_testName;
    QComboBox *m_kind;
    QComboBox *m_preset;
    QCheckBox *m_matrix;
    QComboBox *m_client;
    QComboBox *m_clientNic;
    QComboBox *m_server;
    QComboBox *m_serverNic;
    QListWidget *m_matrixHosts;
    QTableWidget *m_params;
    // streams and direction of the stream kinds (agents/testparams.cpp),
    // controls of their own; a sweep of either stays in m_params.
    QSpinBox *m_streams;
    QComboBox *m_direction;
    QDoubleSpinBox *m_duration;
    QSpinBox *m_minReps;
    QSpinBox *m_maxReps;
    QComboBox *m_confidence;
    QDoubleSpinBox *m_interval;
    QLabel *m_preview;
    QListWidget *m_cases;
    QLabel *m_resolvedPath;
    QLabel *m_hostNotes;
    QCheckBox *m_experimentOn;
    QLineEdit *m_question;
    QComboBox *m_varies;
    QSpinBox *m_rounds;
    QTableWidget *m_arms;
    QLabel *m_experimentNotes;
    std::shared_ptr<StoreService> m_store;
    Inventory m_inventory;
    QString m_inventoryError; // the last inventory read failed: why
    bool m_inventoryRead = false;
    bool m_offerPending = false; // a plan was opened before the inventory came
    std::optional<Plan> m_parsed;
    QSplitter *m_splitter;
};

} // namespace wb::gui
