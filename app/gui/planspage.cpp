// SPDX-License-Identifier: GPL-3.0-or-later
#include "planspage.h"

#include "apppalette.h"

#include "config/settings.h"
#include "filedialog.h"
#include "inventory/pathresolver.h"
#include "messagebox.h"
#include "run/planhosts.h"
#include "run/planpresets.h"
#include "result/resultrecord.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFile>
#include <QFuture>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// A parameter value as typed: JSON when it parses ("64", "[1, 64]",
// "true"), else the text itself ("devnull").
QJsonValue parseValue(const QString &text)
{
    const QString t = text.trimmed();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(u"[%1]"_s.arg(t).toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && doc.array().size() == 1)
        return doc.array().first();
    return t;
}

QString valueText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    const QByteArray json = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

QJsonObject endpointJson(const QString &host, const QString &nic)
{
    return QJsonObject{{u"host"_s, host}, {u"nic"_s, nic}};
}

} // namespace

PlansPage::PlansPage(Settings &settings, QWidget *parent)
    : Page(tr("Plans"), tr("Build a test plan: hosts, tests with their parameters, endpoints and repetitions. "
                           "Save it, load it, run it."),
           parent),
      m_settings(settings),
      m_name(new QLineEdit),
      m_description(new QLineEdit),
      m_hosts(new QTableWidget(0, 3)),
      m_tests(new QListWidget),
      m_testName(new QLineEdit),
      m_kind(new QComboBox),
      m_preset(new QComboBox),
      m_matrix(new QCheckBox(tr("Every ordered pair of these hosts (matrix)"))),
      m_client(new QComboBox),
      m_clientNic(new QComboBox),
      m_server(new QComboBox),
      m_serverNic(new QComboBox),
      m_matrixHosts(new QListWidget),
      m_params(new QTableWidget(0, 2)),
      m_duration(new QDoubleSpinBox),
      m_minReps(new QSpinBox),
      m_maxReps(new QSpinBox),
      m_confidence(new QComboBox),
      m_interval(new QDoubleSpinBox),
      m_preview(new QLabel),
      m_cases(new QListWidget),
      m_resolvedPath(new QLabel),
      m_hostNotes(new QLabel),
      m_splitter(new QSplitter(Qt::Horizontal))
{
    setObjectName(u"plansPage"_s);
    createToolbar();
    m_splitter->setObjectName(u"plansSplitter"_s);
    m_splitter->addWidget(buildPlanPanel());
    m_splitter->addWidget(buildTestPanel());
    m_splitter->addWidget(buildPreviewPanel());
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);
    const int em = fontMetrics().horizontalAdvance(u'M');
    m_splitter->setSizes({26 * em, 40 * em, 24 * em});
    const QByteArray split = m_settings.viewState(Settings::ViewState::PlansSplitter);
    if (!split.isEmpty())
        m_splitter->restoreState(split);
    body()->addWidget(m_splitter, 1);

    connectForm();
    newPlan();
}

// New, Open, Save, Save as and Run, with their shortcuts.
void PlansPage::createToolbar()
{
    auto *bar = new QHBoxLayout;
    auto makeAction = [&](const QString &text, QStyle::StandardPixmap icon, const QKeySequence &key,
                          const QString &name, auto slot) {
        auto *a = new QAction(style()->standardIcon(icon), text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(u"%1 (%2)"_s.arg(text, key.toString(QKeySequence::NativeText)));
        a->setObjectName(name);
        addAction(a);
        connect(a, &QAction::triggered, this, slot);
        auto *b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        bar->addWidget(b);
    };
    makeAction(tr("New"), QStyle::SP_FileIcon, QKeySequence::New, u"newPlan"_s, [this] { newPlan(); });
    makeAction(tr("Open…"), QStyle::SP_DialogOpenButton, QKeySequence::Open, u"openPlan"_s, [this] {
        const QString path = FileDialog::openFile(this, tr("Open plan"), m_settings.lastFolder(),
                                                          tr("Wirebench plans (*.json)"));
        if (!path.isEmpty()) {
            m_settings.setLastFolder(QFileInfo(path).absolutePath());
            loadFile(path);
        }
    });
    auto saveAs = [this] {
        const QString path = FileDialog::saveFile(this, tr("Save plan"), m_settings.lastFolder(),
                                                          tr("Wirebench plans (*.json)"));
        if (!path.isEmpty()) {
            m_settings.setLastFolder(QFileInfo(path).absolutePath());
            saveFile(path);
        }
    };
    makeAction(tr("Save"), QStyle::SP_DialogSaveButton, QKeySequence::Save, u"savePlan"_s, [this, saveAs] {
        if (m_path.isEmpty())
            saveAs();
        else
            saveFile(m_path);
    });
    makeAction(tr("Save as…"), QStyle::SP_DialogSaveButton, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
               u"savePlanAs"_s, saveAs);
    makeAction(tr("Run"), QStyle::SP_MediaPlay, QKeySequence(Qt::CTRL | Qt::Key_R), u"runPlan"_s,
               [this] { run(); });
    bar->addStretch(1);
    body()->addLayout(bar);

}

// Left: the plan's name, its hosts and its tests.
QWidget *PlansPage::buildPlanPanel()
{
    auto *left = new QWidget;
    left->setMinimumWidth(22 * fontMetrics().horizontalAdvance(u'M'));
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *planForm = new QFormLayout;
    m_name->setObjectName(u"planName"_s);
    m_description->setObjectName(u"planDescription"_s);
    planForm->addRow(tr("Name:"), m_name);
    planForm->addRow(tr("Description:"), m_description);
    leftLayout->addLayout(planForm);
    auto *hostsBox = new QGroupBox(tr("Hosts"));
    auto *hostsLayout = new QVBoxLayout(hostsBox);
    m_hosts->setObjectName(u"planHosts"_s);
    m_hosts->setHorizontalHeaderLabels({tr("Name"), tr("Transport"), tr("Address")});
    m_hosts->horizontalHeader()->setStretchLastSection(true);
    m_hosts->verticalHeader()->hide();
    m_hosts->setToolTip(tr("Hosts the plan defines itself. Hosts of the inventory need no row here; a row for "
                           "one overrides the inventory's entry for this plan."));
    hostsLayout->addWidget(m_hosts);
    m_hostNotes->setObjectName(u"planHostNotes"_s);
    m_hostNotes->setWordWrap(true);
    m_hostNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hostNotes->hide();
    hostsLayout->addWidget(m_hostNotes);
    auto *hostButtons = new QHBoxLayout;
    auto *addHostButton = new QPushButton(tr("Add host"));
    auto *removeHostButton = new QPushButton(tr("Remove host"));
    hostButtons->addWidget(addHostButton);
    hostButtons->addWidget(removeHostButton);
    hostButtons->addStretch(1);
    hostsLayout->addLayout(hostButtons);
    leftLayout->addWidget(hostsBox, 1);
    auto *testsBox = new QGroupBox(tr("Tests"));
    auto *testsLayout = new QVBoxLayout(testsBox);
    m_tests->setObjectName(u"planTests"_s);
    testsLayout->addWidget(m_tests);
    auto *testButtons = new QHBoxLayout;
    auto *addTestButton = new QPushButton(tr("Add test"));
    auto *removeTestButton = new QPushButton(tr("Remove test"));
    testButtons->addWidget(addTestButton);
    testButtons->addWidget(removeTestButton);
    testButtons->addStretch(1);
    testsLayout->addLayout(testButtons);
    leftLayout->addWidget(testsBox, 1);
    connect(addHostButton, &QPushButton::clicked, this, [this] {
        int n = 1;
        while (hostNames().contains(u"host%1"_s.arg(n)))
            ++n;
        addHost(u"host%1"_s.arg(n), u"local"_s, u"127.0.0.1"_s);
    });
    connect(removeHostButton, &QPushButton::clicked, this, [this] {
        if (m_hosts->currentRow() >= 0) {
            m_hosts->removeRow(m_hosts->currentRow());
            writeHosts();
        }
    });
    connect(addTestButton, &QPushButton::clicked, this, &PlansPage::addTest);
    connect(removeTestButton, &QPushButton::clicked, this, &PlansPage::removeTest);
    return left;
}

// Middle: the selected test.
QWidget *PlansPage::buildTestPanel()
{
    auto *testBox = new QGroupBox(tr("Selected test"));
    auto *form = new QFormLayout(testBox);
    m_testName->setObjectName(u"testName"_s);
    form->addRow(tr("Name:"), m_testName);
    m_kind->setObjectName(u"testKind"_s);
    m_kind->addItems(testKinds());
    form->addRow(tr("Kind:"), m_kind);
    m_preset->setObjectName(u"testPreset"_s);
    m_preset->addItem(tr("Apply a classic preset…"));
    for (const PlanPreset &p : planPresets())
        m_preset->addItem(p.name);
    form->addRow(tr("Preset:"), m_preset);
    auto endpointRow = [](QComboBox *host, QComboBox *nic) {
        auto *w = new QWidget;
        auto *l = new QHBoxLayout(w);
        l->setContentsMargins(0, 0, 0, 0);
        // The host's NICs from the inventory; typing stays open for a
        // plan-only host the inventory does not describe.
        host->setToolTip(QObject::tr("Hosts of the inventory and of this plan"));
        nic->setEditable(true);
        nic->setInsertPolicy(QComboBox::NoInsert);
        nic->lineEdit()->setPlaceholderText(QObject::tr("NIC (optional)"));
        l->addWidget(host, 1);
        l->addWidget(nic, 1);
        return w;
    };
    m_client->setObjectName(u"testClient"_s);
    m_server->setObjectName(u"testServer"_s);
    m_clientNic->setObjectName(u"testClientNic"_s);
    m_serverNic->setObjectName(u"testServerNic"_s);
    form->addRow(tr("Client:"), endpointRow(m_client, m_clientNic));
    form->addRow(tr("Server:"), endpointRow(m_server, m_serverNic));
    m_matrix->setObjectName(u"testMatrix"_s);
    form->addRow(QString(), m_matrix);
    m_matrixHosts->setObjectName(u"testMatrixHosts"_s);
    m_matrixHosts->setMaximumHeight(4 * fontMetrics().height() + 8);
    form->addRow(tr("Matrix hosts:"), m_matrixHosts);
    m_params->setObjectName(u"testParams"_s);
    m_params->setHorizontalHeaderLabels({tr("Parameter"), tr("Value (an array is a sweep)")});
    m_params->horizontalHeader()->setStretchLastSection(true);
    m_params->verticalHeader()->hide();
    m_params->setMinimumHeight(120);
    m_params->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_hosts->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    auto *paramBox = new QWidget;
    auto *paramLayout = new QVBoxLayout(paramBox);
    paramLayout->setContentsMargins(0, 0, 0, 0);
    paramLayout->addWidget(m_params);
    auto *paramButtons = new QHBoxLayout;
    auto *addParam = new QPushButton(tr("Add parameter"));
    auto *removeParam = new QPushButton(tr("Remove parameter"));
    paramButtons->addWidget(addParam);
    paramButtons->addWidget(removeParam);
    paramButtons->addStretch(1);
    paramLayout->addLayout(paramButtons);
    form->addRow(tr("Parameters:"), paramBox);
    m_duration->setObjectName(u"testDuration"_s);
    m_duration->setRange(0.1, 86400);
    m_duration->setDecimals(1);
    m_duration->setSuffix(tr(" s"));
    form->addRow(tr("Duration:"), m_duration);
    auto *reps = new QWidget;
    auto *repsLayout = new QHBoxLayout(reps);
    repsLayout->setContentsMargins(0, 0, 0, 0);
    m_minReps->setObjectName(u"testMinReps"_s);
    m_maxReps->setObjectName(u"testMaxReps"_s);
    m_minReps->setRange(1, 1000);
    m_maxReps->setRange(1, 1000);
    m_confidence->setObjectName(u"testConfidence"_s);
    m_confidence->addItems({u"90"_s, u"95"_s, u"99"_s});
    m_confidence->setCurrentIndex(2);
    m_interval->setObjectName(u"testInterval"_s);
    m_interval->setRange(0.1, 100);
    m_interval->setValue(5);
    m_interval->setSuffix(u" %"_s);
    repsLayout->addWidget(new QLabel(tr("at least")));
    repsLayout->addWidget(m_minReps);
    repsLayout->addWidget(new QLabel(tr("at most")));
    repsLayout->addWidget(m_maxReps);
    repsLayout->addWidget(new QLabel(tr("until CI")));
    repsLayout->addWidget(m_confidence);
    repsLayout->addWidget(new QLabel(tr("% ≤")));
    repsLayout->addWidget(m_interval);
    repsLayout->addStretch(1);
    form->addRow(tr("Repetitions:"), reps);
    connect(addParam, &QPushButton::clicked, this, [this] {
        const int row = m_params->rowCount();
        m_params->insertRow(row);
        m_params->setItem(row, 0, new QTableWidgetItem(u"interval_s"_s));
        m_params->setItem(row, 1, new QTableWidgetItem(u"1"_s));
        m_params->editItem(m_params->item(row, 0));
    });
    connect(removeParam, &QPushButton::clicked, this, [this] {
        if (m_params->currentRow() >= 0) {
            m_params->removeRow(m_params->currentRow());
            writeForm();
        }
    });
    return testBox;
}

// Right: what the plan expands to.
QWidget *PlansPage::buildPreviewPanel()
{
    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_preview->setObjectName(u"planPreview"_s);
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cases->setObjectName(u"planCases"_s);
    m_cases->setWordWrap(true);
    m_cases->setTextElideMode(Qt::ElideMiddle);
    rightLayout->addWidget(m_preview);
    rightLayout->addWidget(m_cases, 1);
    // The wire of the selected case, as PathResolver finds it in the inventory.
    auto *pathBox = new QGroupBox(tr("Resolved path"));
    auto *pathLayout = new QVBoxLayout(pathBox);
    m_resolvedPath->setObjectName(u"planResolvedPath"_s);
    m_resolvedPath->setWordWrap(true);
    m_resolvedPath->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pathLayout->addWidget(m_resolvedPath);
    rightLayout->addWidget(pathBox);
    return right;
}

// Every edit of the form writes the plan back.
void PlansPage::connectForm()
{
    connect(m_name, &QLineEdit::textEdited, this, &PlansPage::writeForm);
    connect(m_description, &QLineEdit::textEdited, this, &PlansPage::writeForm);
    connect(m_testName, &QLineEdit::textEdited, this, &PlansPage::writeForm);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_client, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_server, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_client, &QComboBox::currentIndexChanged, this, [this] { refreshNicChoices(m_client, m_clientNic); });
    connect(m_server, &QComboBox::currentIndexChanged, this, [this] { refreshNicChoices(m_server, m_serverNic); });
    connect(m_clientNic, &QComboBox::currentTextChanged, this, &PlansPage::writeForm);
    connect(m_serverNic, &QComboBox::currentTextChanged, this, &PlansPage::writeForm);
    connect(m_cases, &QListWidget::currentRowChanged, this, &PlansPage::updateResolvedPath);
    connect(m_matrix, &QCheckBox::toggled, this, &PlansPage::writeForm);
    connect(m_matrix, &QCheckBox::toggled, this, &PlansPage::updateEndpointControls);
    connect(m_matrixHosts, &QListWidget::itemChanged, this, &PlansPage::writeForm);
    connect(m_params, &QTableWidget::itemChanged, this, &PlansPage::writeForm);
    connect(m_duration, &QDoubleSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_minReps, &QSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_maxReps, &QSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_confidence, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_interval, &QDoubleSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_hosts, &QTableWidget::itemChanged, this, &PlansPage::writeHosts);
    connect(m_preset, &QComboBox::activated, this, [this](int i) {
        if (i > 0)
            applyPreset(i - 1);
        m_preset->setCurrentIndex(0);
    });
    connect(m_tests, &QListWidget::currentRowChanged, this, &PlansPage::loadTestForm);
}

PlansPage::~PlansPage() { m_settings.setViewState(Settings::ViewState::PlansSplitter, m_splitter->saveState()); }

QIcon PlansPage::icon() const { return style()->standardIcon(QStyle::SP_FileDialogContentsView); }

void PlansPage::hideEvent(QHideEvent *event)
{
    m_settings.setViewState(Settings::ViewState::PlansSplitter, m_splitter->saveState());
    Page::hideEvent(event);
}

std::optional<Plan> PlansPage::plan(QString *error) const { return Plan::fromJson(m_plan, error); }

void PlansPage::newPlan()
{
    m_path.clear();
    setPlanJson(QJsonObject{
        {u"name"_s, tr("New plan")},
        {u"hosts"_s, QJsonObject{{u"adam"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}},
                                 {u"eve"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}}}},
        {u"defaults"_s, QJsonObject{{u"duration_s"_s, 10}}},
        {u"tests"_s, QJsonArray{}}});
}

void PlansPage::setPlanJson(const QJsonObject &json)
{
    m_plan = json;
    loadForm();
}

// The plan's own hosts, then the inventory's the plan does not name.
QStringList PlansPage::hostNames() const
{
    QStringList names = m_plan.value(u"hosts"_s).toObject().keys();
    for (const Host &h : m_inventory.hosts)
        if (!names.contains(h.name))
            names.append(h.name);
    return names;
}

void PlansPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    reloadInventory();
}

void PlansPage::reloadInventory()
{
    if (!m_store)
        return;
    // On a reader of the store service; the page takes the result when it comes.
    m_store->read([](ResultStore &db) { return db.inventory().load(); })
        .then(this, [this, store = m_store](const StoreResult<Inventory> &result) {
            if (store != m_store)
                return; // an older database's lab
            setInventory(result ? *result : Inventory());
            emit inventoryLoaded();
        });
}

void PlansPage::setInventory(const Inventory &inventory)
{
    m_inventory = inventory;
    refreshHostChoices();
    loadTestForm();
    updatePreview();
}

// The inventory's interfaces of the chosen host; the typed NIC stays.
void PlansPage::refreshNicChoices(QComboBox *host, QComboBox *nic)
{
    const bool wasLoading = m_loading;
    m_loading = true;
    const QString current = nic->currentText();
    nic->clear();
    nic->addItem(QString());
    for (const Nic &n : m_inventory.nics)
        if (n.hostName == host->currentText())
            nic->addItem(n.interfaceName);
    const int i = nic->findText(current);
    if (i >= 0)
        nic->setCurrentIndex(i);
    else
        nic->setEditText(current);
    m_loading = wasLoading;
}

void PlansPage::setHostRow(int row, const QString &name, const QString &transport, const QString &address)
{
    m_hosts->setItem(row, 0, new QTableWidgetItem(name));
    m_hosts->setItem(row, 2, new QTableWidgetItem(address));
    // Transport is a choice: an agent on this machine, or one over SSH.
    auto *box = new QComboBox;
    box->setObjectName(u"hostTransport"_s);
    box->addItems({u"local"_s, u"ssh"_s});
    box->setCurrentIndex(transport == u"local"_s ? 0 : 1);
    box->setFrame(false);
    m_hosts->setCellWidget(row, 1, box);
    connect(box, &QComboBox::currentIndexChanged, this, &PlansPage::writeHosts);
}

void PlansPage::loadForm()
{
    m_loading = true;
    m_name->setText(m_plan.value(u"name"_s).toString());
    m_description->setText(m_plan.value(u"description"_s).toString());
    m_description->setCursorPosition(0);
    const QJsonObject hosts = m_plan.value(u"hosts"_s).toObject();
    m_hosts->setRowCount(0);
    for (auto it = hosts.begin(); it != hosts.end(); ++it) {
        const QJsonObject h = it->toObject();
        const int row = m_hosts->rowCount();
        m_hosts->insertRow(row);
        setHostRow(row, it.key(), h.value(u"transport"_s).toString(u"ssh"_s), h.value(u"address"_s).toString());
    }
    m_hosts->resizeColumnsToContents();
    m_tests->clear();
    const QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    for (const QJsonValue &t : tests)
        m_tests->addItem(t.toObject().value(u"name"_s).toString());
    refreshHostChoices();
    m_loading = false;
    m_tests->setCurrentRow(tests.isEmpty() ? -1 : 0);
    loadTestForm();
    updatePreview();
}

void PlansPage::refreshHostChoices()
{
    const bool wasLoading = m_loading;
    m_loading = true;
    const QStringList names = hostNames();
    for (QComboBox *box : {m_client, m_server}) {
        const QString current = box->currentText();
        box->clear();
        box->addItems(names);
        box->setCurrentIndex(std::max(0, int(names.indexOf(current))));
    }
    refreshNicChoices(m_client, m_clientNic);
    refreshNicChoices(m_server, m_serverNic);
    QStringList checked;
    for (int i = 0; i < m_matrixHosts->count(); ++i)
        if (m_matrixHosts->item(i)->checkState() == Qt::Checked)
            checked.append(m_matrixHosts->item(i)->text());
    m_matrixHosts->clear();
    for (const QString &n : names) {
        auto *item = new QListWidgetItem(n, m_matrixHosts);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(n) ? Qt::Checked : Qt::Unchecked);
    }
    m_loading = wasLoading;
}

QJsonObject PlansPage::currentTest() const
{
    const int row = m_tests->currentRow();
    const QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    return row >= 0 && row < tests.size() ? tests.at(row).toObject() : QJsonObject();
}

void PlansPage::setCurrentTest(const QJsonObject &test)
{
    const int row = m_tests->currentRow();
    QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    if (row < 0 || row >= tests.size())
        return;
    tests[row] = test;
    m_plan.insert(u"tests"_s, tests);
    if (QListWidgetItem *item = m_tests->item(row))
        item->setText(test.value(u"name"_s).toString());
}

void PlansPage::loadTestForm()
{
    const QJsonObject t = currentTest();
    const bool has = !t.isEmpty();
    for (QWidget *w : std::initializer_list<QWidget *>{m_testName, m_kind, m_preset, m_client, m_clientNic, m_server,
                                                       m_serverNic, m_matrix, m_matrixHosts, m_params, m_duration,
                                                       m_minReps, m_maxReps, m_confidence, m_interval})
        w->setEnabled(has);
    if (!has)
        return;
    m_loading = true;
    m_testName->setText(t.value(u"name"_s).toString());
    m_kind->setCurrentText(t.value(u"kind"_s).toString());
    auto endpoint = [&](const QString &field, QComboBox *host, QComboBox *nic) {
        const QJsonValue v = t.value(field);
        const QString h = v.isObject() ? v.toObject().value(u"host"_s).toString() : v.toString();
        host->setCurrentIndex(std::max(0, host->findText(h)));
        refreshNicChoices(host, nic);
        const QString n = v.isObject() ? v.toObject().value(u"nic"_s).toString() : QString();
        const int i = nic->findText(n);
        if (i >= 0)
            nic->setCurrentIndex(i);
        else
            nic->setEditText(n);
    };
    endpoint(u"client"_s, m_client, m_clientNic);
    endpoint(u"server"_s, m_server, m_serverNic);
    const QJsonArray matrix = t.value(u"matrix"_s).toObject().value(u"hosts"_s).toArray();
    m_matrix->setChecked(t.contains(u"matrix"_s));
    for (int i = 0; i < m_matrixHosts->count(); ++i) {
        QListWidgetItem *item = m_matrixHosts->item(i);
        item->setCheckState(matrix.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    const QJsonObject params = t.value(u"params"_s).toObject();
    m_params->setRowCount(0);
    for (auto it = params.begin(); it != params.end(); ++it) {
        const int row = m_params->rowCount();
        m_params->insertRow(row);
        m_params->setItem(row, 0, new QTableWidgetItem(it.key()));
        m_params->setItem(row, 1, new QTableWidgetItem(valueText(*it)));
    }
    m_params->resizeColumnToContents(0);
    const double defaultDuration = m_plan.value(u"defaults"_s).toObject().value(u"duration_s"_s).toDouble(10);
    m_duration->setValue(t.value(u"duration_s"_s).toDouble(defaultDuration));
    const QJsonValue reps = t.value(u"repetitions"_s);
    if (reps.isObject()) {
        const QJsonObject r = reps.toObject();
        m_minReps->setValue(r.value(u"min"_s).toInt(1));
        m_maxReps->setValue(r.value(u"max"_s).toInt(r.value(u"min"_s).toInt(1)));
        m_confidence->setCurrentText(QString::number(r.value(u"confidence_pct"_s).toInt(99)));
        m_interval->setValue(r.value(u"interval_pct"_s).toDouble(5));
    } else {
        m_minReps->setValue(reps.toInt(1));
        m_maxReps->setValue(reps.toInt(1));
    }
    m_loading = false;
    updateEndpointControls();
}

void PlansPage::updateEndpointControls()
{
    // Either a client/server pair or a matrix of hosts, never both.
    const bool matrix = m_matrix->isChecked() && m_matrix->isEnabled();
    const bool pair = !m_matrix->isChecked() && m_matrix->isEnabled();
    for (QWidget *w : std::initializer_list<QWidget *>{m_client, m_clientNic, m_server, m_serverNic})
        w->setEnabled(pair);
    m_matrixHosts->setEnabled(matrix);
}

void PlansPage::writeForm()
{
    if (m_loading)
        return;
    m_plan.insert(u"name"_s, m_name->text());
    if (m_description->text().isEmpty())
        m_plan.remove(u"description"_s);
    else
        m_plan.insert(u"description"_s, m_description->text());
    if (m_tests->currentRow() >= 0) {
        QJsonObject t;
        t.insert(u"name"_s, m_testName->text());
        t.insert(u"kind"_s, m_kind->currentText());
        if (m_matrix->isChecked()) {
            QJsonArray hosts;
            for (int i = 0; i < m_matrixHosts->count(); ++i)
                if (m_matrixHosts->item(i)->checkState() == Qt::Checked)
                    hosts.append(m_matrixHosts->item(i)->text());
            t.insert(u"matrix"_s, QJsonObject{{u"hosts"_s, hosts}});
        } else {
            auto endpoint = [](QComboBox *host, QComboBox *nic) -> QJsonValue {
                const QString n = nic->currentText().trimmed();
                return n.isEmpty() ? QJsonValue(host->currentText()) : QJsonValue(endpointJson(host->currentText(), n));
            };
            t.insert(u"client"_s, endpoint(m_client, m_clientNic));
            t.insert(u"server"_s, endpoint(m_server, m_serverNic));
        }
        QJsonObject params;
        for (int r = 0; r < m_params->rowCount(); ++r) {
            const QTableWidgetItem *k = m_params->item(r, 0);
            const QTableWidgetItem *v = m_params->item(r, 1);
            if (k && !k->text().trimmed().isEmpty())
                params.insert(k->text().trimmed(), parseValue(v ? v->text() : QString()));
        }
        if (!params.isEmpty())
            t.insert(u"params"_s, params);
        t.insert(u"duration_s"_s, m_duration->value());
        if (m_minReps->value() == 1 && m_maxReps->value() == 1)
            t.insert(u"repetitions"_s, 1);
        else
            t.insert(u"repetitions"_s,
                     QJsonObject{{u"min"_s, m_minReps->value()},
                                 {u"max"_s, std::max(m_minReps->value(), m_maxReps->value())},
                                 {u"confidence_pct"_s, m_confidence->currentText().toInt()},
                                 {u"interval_pct"_s, m_interval->value()}});
        setCurrentTest(t);
    }
    updatePreview();
}

void PlansPage::writeHosts()
{
    if (m_loading)
        return;
    const QJsonObject old = m_plan.value(u"hosts"_s).toObject();
    QJsonObject hosts;
    for (int r = 0; r < m_hosts->rowCount(); ++r) {
        auto cell = [&](int c) { return m_hosts->item(r, c) ? m_hosts->item(r, c)->text().trimmed() : QString(); };
        const QString name = cell(0);
        if (name.isEmpty())
            continue;
        QJsonObject h = old.value(name).toObject(); // keeps SSH settings typed in the file
        const auto *transport = qobject_cast<QComboBox *>(m_hosts->cellWidget(r, 1));
        h.insert(u"transport"_s, transport ? transport->currentText() : u"ssh"_s);
        if (cell(2).isEmpty())
            h.remove(u"address"_s);
        else
            h.insert(u"address"_s, cell(2));
        hosts.insert(name, h);
    }
    m_plan.insert(u"hosts"_s, hosts);
    refreshHostChoices();
    writeForm();
}

void PlansPage::addHost(const QString &name, const QString &transport, const QString &address)
{
    m_loading = true;
    const int row = m_hosts->rowCount();
    m_hosts->insertRow(row);
    setHostRow(row, name, transport, address);
    m_loading = false;
    writeHosts();
}

void PlansPage::addTest()
{
    QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    const QStringList hosts = hostNames();
    QJsonObject t{{u"name"_s, tr("Test %1").arg(tests.size() + 1)},
                  {u"kind"_s, u"udp_stream"_s},
                  {u"client"_s, hosts.value(0)},
                  {u"server"_s, hosts.value(std::min<qsizetype>(1, hosts.size() - 1))},
                  {u"params"_s, QJsonObject{{u"message_size_bytes"_s, 1472}}}};
    tests.append(t);
    m_plan.insert(u"tests"_s, tests);
    m_tests->addItem(t.value(u"name"_s).toString());
    m_tests->setCurrentRow(int(tests.size() - 1));
    updatePreview();
}

void PlansPage::removeTest()
{
    const int row = m_tests->currentRow();
    QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    if (row < 0 || row >= tests.size())
        return;
    tests.removeAt(row);
    m_plan.insert(u"tests"_s, tests);
    delete m_tests->takeItem(row);
    loadTestForm();
    updatePreview();
}

void PlansPage::applyPreset(int index)
{
    if (index < 0 || index >= planPresets().size() || m_tests->currentRow() < 0)
        return;
    const PlanPreset &p = planPresets().at(index);
    QJsonObject t = currentTest();
    t.insert(u"kind"_s, p.kind);
    t.insert(u"params"_s, p.params);
    t.insert(u"name"_s, p.name);
    setCurrentTest(t);
    loadTestForm();
    updatePreview();
}

QString PlansPage::previewText() const { return m_preview->text(); }

void PlansPage::updatePreview()
{
    QString error;
    const auto p = plan(&error);
    m_cases->clear();
    m_parsed = p;
    if (!p) {
        m_preview->setText(tr("%1\n\nFix this field, then the plan can be saved and run.").arg(error));
        m_preview->setStyleSheet(u"color: %1;"_s.arg(AppPalette::errorColour(palette()).name()));
        m_hostNotes->hide();
        updateResolvedPath();
        return;
    }
    updateHostNotes(*p);
    double seconds = 0;
    for (const TestCase &c : p->cases)
        seconds += c.durationS * c.repetitions.minIterations;
    m_preview->setStyleSheet(QString());
    const QString cases = p->cases.size() == 1 ? tr("1 test case") : tr("%1 test cases").arg(p->cases.size());
    m_preview->setText(tr("Expands to %1, at least %2 s of testing.").arg(cases).arg(qRound(seconds)));
    const int shown = int(std::min<qsizetype>(p->cases.size(), 500));
    for (int i = 0; i < shown; ++i) {
        const TestCase &c = p->cases.at(i);
        auto *item = new QListWidgetItem(tr("%1: %2 → %3").arg(c.name, c.client.host, c.server.host), m_cases);
        // A case whose wire the inventory cannot tell is marked.
        const ResolvedPath path =
            PathResolver(m_inventory).resolve(c.client.host, c.client.nic, c.server.host, c.server.nic);
        item->setToolTip(path.text());
        if (path.status != ResolvedPath::Status::Ok)
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    }
    if (shown > 0)
        m_cases->setCurrentRow(0);
    updateResolvedPath();
}

// One line per plan host that overrides the inventory's entry, from PlanHosts.
void PlansPage::updateHostNotes(const Plan &plan)
{
    QString error;
    const auto resolved = PlanHosts::resolve(plan, m_inventory, &error);
    QStringList lines;
    if (!resolved)
        lines.append(error);
    else
        lines = resolved->overrideNotes();
    m_hostNotes->setText(lines.join(u'\n'));
    m_hostNotes->setStyleSheet(
        u"color: %1;"_s.arg((resolved ? AppPalette::warningColour(palette()) : AppPalette::errorColour(palette())).name()));
    m_hostNotes->setVisible(!lines.isEmpty());
}

// The selected case's path: NIC → cable → switch port → … → NIC, with every
// warning PathResolver gives (not wired, ambiguous, not in the inventory).
void PlansPage::updateResolvedPath()
{
    const int row = m_cases->currentRow();
    if (!m_parsed || row < 0 || row >= m_parsed->cases.size()) {
        m_resolvedPath->setText(tr("Select a case to see its path through the lab."));
        m_resolvedPath->setStyleSheet(QString());
        return;
    }
    const TestCase &c = m_parsed->cases.at(row);
    const ResolvedPath path = PathResolver(m_inventory).resolve(c.client.host, c.client.nic, c.server.host, c.server.nic);
    QString text = path.hasHops() ? path.text() : QString();
    const QStringList warnings = path.warnings();
    if (!warnings.isEmpty()) {
        if (!text.isEmpty())
            text += u'\n';
        text += u"⚠ "_s + warnings.join(u"\n⚠ "_s);
    }
    m_resolvedPath->setText(text);
    m_resolvedPath->setStyleSheet(path.status == ResolvedPath::Status::Ok && warnings.isEmpty()
                              ? QString()
                              : u"color: %1;"_s.arg(AppPalette::warningColour(palette()).name()));
}

QString PlansPage::resolvedPathText() const { return m_resolvedPath->text(); }

QString PlansPage::hostNotesText() const { return !m_hostNotes->isHidden() ? m_hostNotes->text() : QString(); }

bool PlansPage::loadFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        MessageBox::critical(this, tr("Open plan"),
                             tr("Cannot read %1: %2. Check the file name and its permissions.").arg(path, f.errorString()));
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        // Plan::load names the line of a JSON syntax error.
        QString error;
        Plan::load(path, &error);
        MessageBox::critical(this, tr("Open plan"),
                             tr("%1\n\nFix the file (see docs/plan-format.md) and open it again.")
                                 .arg(error.isEmpty() ? tr("%1 is not a JSON object").arg(path) : error));
        return false;
    }
    m_path = path;
    setPlanJson(doc.object());
    return true;
}

bool PlansPage::saveFile(const QString &path)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(m_plan).toJson(QJsonDocument::Indented)) < 0 ||
        !f.commit()) {
        MessageBox::critical(this, tr("Save plan"),
                             tr("Cannot write %1: %2. Choose another folder.").arg(path, f.errorString()));
        return false;
    }
    m_path = path;
    return true;
}

void PlansPage::run()
{
    QString error;
    const auto p = plan(&error);
    if (!p) {
        MessageBox::warning(this, tr("Run plan"), tr("%1\n\nFix it on this page, then run again.").arg(error));
        return;
    }
    emit runRequested(*p);
}

} // namespace wb::gui
