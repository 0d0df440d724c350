// SPDX-License-Identifier: GPL-3.0-or-later
#include "planspage.h"

#include "apppalette.h"

#include "config/settings.h"
#include "filedialog.h"
#include "inventory/pathresolver.h"
#include "messagebox.h"
#include "plancasetext.h"
#include "runtext.h"
#include "run/experiment.h"
#include "run/hostprobe.h"
#include "run/planhosts.h"
#include "run/planpresets.h"
#include "result/metriccatalog.h"
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
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// The parameter table keeps a plan's own key in each name cell (it is what
// the user edits and what the plan file holds) and shows the catalog's
// words for it: "message (bytes)" for message_size_bytes.
class ParameterNameDelegate : public QStyledItemDelegate
{
public:
    ParameterNameDelegate(const QComboBox *kind, QObject *parent) : QStyledItemDelegate(parent), m_kind(kind) {}
    QString displayText(const QVariant &value, const QLocale &) const override
    {
        return parameterLabel(value.toString(), m_kind->currentData().toString());
    }

private:
    const QComboBox *m_kind;
};

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

// The kinds that take streams, and direction (agents/testparams.cpp), and
// the keys the two controls own while the plan holds a single value for them.
bool takesStreams(const QString &kind)
{
    return kind == u"tcp_stream"_s || kind == u"udp_stream"_s;
}

bool takesDirection(const QString &kind)
{
    return takesStreams(kind) || kind == u"file_transfer"_s || kind == u"packet_rate"_s;
}

bool ownedByStreamControls(const QString &kind, const QString &key, const QJsonValue &v)
{
    return ((key == u"streams"_s && takesStreams(kind)) || (key == u"direction"_s && takesDirection(kind)))
        && !v.isArray();
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

// An endpoint as written: a host name, or {"host", "nic", ...}.
QString endpointHost(const QJsonValue &v) { return v.isObject() ? v.toObject().value(u"host"_s).toString() : v.toString(); }
QString endpointNic(const QJsonValue &v) { return v.isObject() ? v.toObject().value(u"nic"_s).toString() : QString(); }

// The endpoint with a host and NIC picked, keeping what else was written
// (address, bind_device); a bare host name when that is all there is.
QJsonValue pickedEndpoint(const QJsonValue &written, const QString &host, const QString &nic)
{
    QJsonObject o = written.toObject();
    o.insert(u"host"_s, host);
    if (nic.isEmpty())
        o.remove(u"nic"_s);
    else
        o.insert(u"nic"_s, nic);
    return o.size() == 1 ? QJsonValue(host) : QJsonValue(o);
}

QString elementLabel(const QString &element)
{
    if (element == u"switch"_s)
        return QObject::tr("switch");
    if (element == u"nic"_s)
        return QObject::tr("NIC");
    if (element == u"cable"_s)
        return QObject::tr("cable");
    return QObject::tr("host");
}

void fillHostChoices(QComboBox *box, const QStringList &names)
{
    const QString current = box->currentText();
    box->clear();
    box->addItems(names);
    box->setCurrentIndex(std::max(0, int(names.indexOf(current))));
}

// The columns of the experiment's arms table.
enum ArmColumn { ArmName, ArmClient, ArmServer, ArmColumns };

// An arm's end as one pick, "host/NIC" (or "host"): names hold no '/'.
QString endText(const QJsonValue &v)
{
    const QString nic = endpointNic(v);
    return nic.isEmpty() ? endpointHost(v) : endpointHost(v) + u'/' + nic;
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
      m_streams(new QSpinBox),
      m_direction(new QComboBox),
      m_duration(new QDoubleSpinBox),
      m_minReps(new QSpinBox),
      m_maxReps(new QSpinBox),
      m_confidence(new QComboBox),
      m_interval(new QDoubleSpinBox),
      m_preview(new QLabel),
      m_cases(new QListWidget),
      m_resolvedPath(new QLabel),
      m_hostNotes(new QLabel),
      m_experimentOn(new QCheckBox(tr("Run as an A/B experiment"))),
      m_question(new QLineEdit),
      m_varies(new QComboBox),
      m_rounds(new QSpinBox),
      m_arms(new QTableWidget(0, ArmColumns)),
      m_experimentNotes(new QLabel),
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
    auto *hostsBox = new QWidget;
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
    // The plan's own hosts, and the A/B experiment whose arms give the tests' endpoints.
    auto *tabs = new QTabWidget;
    tabs->setObjectName(u"planLeftTabs"_s);
    tabs->addTab(hostsBox, tr("Hosts"));
    tabs->addTab(buildExperimentPanel(), tr("A/B experiment"));
    leftLayout->addWidget(tabs, 1);
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
    // One spelling of a kind on the page: the catalog's label ("UDP stream"),
    // the plan's name for it kept as the item's data.
    for (const TestKindInfo &k : testKindCatalog())
        m_kind->addItem(k.label, k.name);
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
    m_params->setItemDelegateForColumn(0, new ParameterNameDelegate(m_kind, m_params));
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
    // iperf3 -P and -R/--bidir for the stream kinds; the plan leaves them
    // out at their defaults (one stream, forward).
    m_streams->setObjectName(u"testStreams"_s);
    m_streams->setRange(1, 128);
    m_direction->setObjectName(u"testDirection"_s);
    m_direction->addItem(tr("forward (client sends)"), u"forward"_s);
    m_direction->addItem(tr("reverse (server sends)"), u"reverse"_s);
    m_direction->addItem(tr("bidirectional"), u"bidirectional"_s);
    auto *flows = new QWidget;
    auto *flowsLayout = new QHBoxLayout(flows);
    flowsLayout->setContentsMargins(0, 0, 0, 0);
    flowsLayout->addWidget(m_streams);
    flowsLayout->addWidget(new QLabel(tr("direction")));
    flowsLayout->addWidget(m_direction, 1);
    form->addRow(tr("Streams:"), flows);
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

// The experiment: question, the element the arms vary, rounds, the arms.
QWidget *PlansPage::buildExperimentPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    m_experimentOn->setObjectName(u"experimentOn"_s);
    m_experimentOn->setToolTip(tr("Every test runs over every arm, round by round (A B A B …), so that a drift of "
                                  "the lab falls on all arms alike; Compare then groups the runs by arm."));
    layout->addWidget(m_experimentOn);
    auto *form = new QFormLayout;
    m_question->setObjectName(u"experimentQuestion"_s);
    m_question->setPlaceholderText(tr("e.g. Is the FS108 as good as the Catalyst 5000?"));
    m_question->setMaxLength(500);
    form->addRow(tr("Question:"), m_question);
    m_varies->setObjectName(u"experimentVaries"_s);
    for (const QString &e : experimentElements())
        m_varies->addItem(elementLabel(e), e);
    m_varies->setToolTip(tr("The one element the arms' paths differ in; everything else is held constant."));
    form->addRow(tr("Arms vary the:"), m_varies);
    m_rounds->setObjectName(u"experimentRounds"_s);
    m_rounds->setRange(1, 1000);
    m_rounds->setValue(3);
    m_rounds->setToolTip(tr("How many times every test runs over every arm: the rounds are the repetitions of "
                            "each arm's condition."));
    form->addRow(tr("Rounds:"), m_rounds);
    layout->addLayout(form);
    m_arms->setObjectName(u"experimentArms"_s);
    m_arms->setHorizontalHeaderLabels({tr("Arm"), tr("Client host/NIC"), tr("Server host/NIC")});
    m_arms->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_arms->horizontalHeader()->setSectionResizeMode(ArmName, QHeaderView::ResizeToContents);
    m_arms->verticalHeader()->hide();
    m_arms->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    m_arms->setToolTip(tr("Each arm is a path from a client NIC to a server NIC; name it after what it stands "
                          "for (the switch, the NIC, the cable)."));
    layout->addWidget(m_arms, 1);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add arm"));
    auto *remove = new QPushButton(tr("Remove arm"));
    add->setObjectName(u"addArm"_s);
    remove->setObjectName(u"removeArm"_s);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_experimentNotes->setObjectName(u"experimentNotes"_s);
    m_experimentNotes->setWordWrap(true);
    m_experimentNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_experimentNotes);
    connect(m_experimentOn, &QCheckBox::toggled, this, &PlansPage::setExperimentEnabled);
    connect(m_question, &QLineEdit::textEdited, this, &PlansPage::writeExperiment);
    connect(m_varies, &QComboBox::currentIndexChanged, this, &PlansPage::writeExperiment);
    connect(m_rounds, &QSpinBox::valueChanged, this, &PlansPage::writeExperiment);
    connect(m_arms, &QTableWidget::itemChanged, this, &PlansPage::writeExperiment);
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = m_arms->rowCount();
        const QJsonObject last = row > 0 ? m_arms->item(row - 1, ArmName)->data(Qt::UserRole).toJsonObject()
                                         : QJsonObject();
        QString name;
        for (int n = row; name.isEmpty() || !m_arms->findItems(name, Qt::MatchExactly).isEmpty(); ++n)
            name = QString(QChar(u'A' + n % 26)) + (n >= 26 ? QString::number(n / 26) : QString());
        addArm(name, endpointHost(last.value(u"client"_s)), endpointNic(last.value(u"client"_s)),
               endpointHost(last.value(u"server"_s)), endpointNic(last.value(u"server"_s)));
    });
    connect(remove, &QPushButton::clicked, this, [this] { removeArm(m_arms->currentRow()); });
    return panel;
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
    // A parameter may read differently for another kind ("send size" for a stream).
    connect(m_kind, &QComboBox::currentIndexChanged, m_params->viewport(), qOverload<>(&QWidget::update));
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_loading)
            updateStreamControls(currentTest().value(u"params"_s).toObject());
    });
    connect(m_client, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_server, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
    connect(m_client, &QComboBox::currentIndexChanged, this, [this] {
        refreshNicChoices(m_client, m_clientNic);
        pickNicOfNewHost(m_clientNic);
    });
    connect(m_server, &QComboBox::currentIndexChanged, this, [this] {
        refreshNicChoices(m_server, m_serverNic);
        pickNicOfNewHost(m_serverNic);
    });
    connect(m_clientNic, &QComboBox::currentTextChanged, this, &PlansPage::writeForm);
    connect(m_serverNic, &QComboBox::currentTextChanged, this, &PlansPage::writeForm);
    connect(m_cases, &QListWidget::currentRowChanged, this, &PlansPage::updateResolvedPath);
    connect(m_matrix, &QCheckBox::toggled, this, &PlansPage::writeForm);
    connect(m_matrix, &QCheckBox::toggled, this, &PlansPage::updateEndpointControls);
    connect(m_matrixHosts, &QListWidget::itemChanged, this, &PlansPage::writeForm);
    connect(m_params, &QTableWidget::itemChanged, this, &PlansPage::writeForm);
    connect(m_duration, &QDoubleSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_streams, &QSpinBox::valueChanged, this, &PlansPage::writeForm);
    connect(m_direction, &QComboBox::currentIndexChanged, this, &PlansPage::writeForm);
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

bool PlansPage::experimentEnabled() const { return m_plan.contains(u"experiment"_s); }

QString PlansPage::experimentNotesText() const
{
    return !m_experimentNotes->isHidden() ? m_experimentNotes->text() : QString();
}

void PlansPage::setExperimentEnabled(bool on)
{
    {
        const QSignalBlocker block(m_experimentOn);
        m_experimentOn->setChecked(on);
    }
    if (on == experimentEnabled()) {
        loadExperimentForm();
        return;
    }
    QJsonArray tests = m_plan.value(u"tests"_s).toArray();
    if (on) {
        if (m_arms->rowCount() < 2) {
            // Two arms to start from, over the selected test's ends: the user
            // then picks what differs between them.
            const QJsonObject t = currentTest();
            const QStringList hosts = hostNames();
            const QJsonValue client = t.contains(u"client"_s) ? t.value(u"client"_s) : QJsonValue(hosts.value(0));
            const QJsonValue server = t.contains(u"server"_s)
                                          ? t.value(u"server"_s)
                                          : QJsonValue(hosts.value(std::min<qsizetype>(1, hosts.size() - 1)));
            m_loading = true;
            m_arms->setRowCount(0);
            for (const QString &name : {u"A"_s, u"B"_s}) {
                m_arms->insertRow(m_arms->rowCount());
                setArmRow(m_arms->rowCount() - 1,
                          QJsonObject{{u"name"_s, name}, {u"client"_s, client}, {u"server"_s, server}});
            }
            m_loading = false;
        }
        // The arms give every test its endpoints.
        for (qsizetype i = 0; i < tests.size(); ++i) {
            QJsonObject t = tests.at(i).toObject();
            t.remove(u"client"_s);
            t.remove(u"server"_s);
            t.remove(u"matrix"_s);
            tests[i] = t;
        }
        m_plan.insert(u"tests"_s, tests);
        m_plan.insert(u"experiment"_s, QJsonObject());
        writeExperiment();
    } else {
        // Back to a plain plan: the tests run over the first arm.
        const QJsonObject first = m_plan.value(u"experiment"_s)
                                      .toObject()
                                      .value(u"arms"_s)
                                      .toArray()
                                      .first()
                                      .toObject();
        for (qsizetype i = 0; i < tests.size(); ++i) {
            QJsonObject t = tests.at(i).toObject();
            t.insert(u"client"_s, first.value(u"client"_s));
            t.insert(u"server"_s, first.value(u"server"_s));
            tests[i] = t;
        }
        m_plan.insert(u"tests"_s, tests);
        m_plan.remove(u"experiment"_s);
    }
    loadExperimentForm();
    loadTestForm();
    updatePreview();
}

void PlansPage::addArm(const QString &name, const QString &clientHost, const QString &clientNic,
                       const QString &serverHost, const QString &serverNic)
{
    m_loading = true;
    const int row = m_arms->rowCount();
    m_arms->insertRow(row);
    setArmRow(row, QJsonObject{{u"name"_s, name},
                               {u"client"_s, pickedEndpoint({}, clientHost, clientNic)},
                               {u"server"_s, pickedEndpoint({}, serverHost, serverNic)}});
    m_loading = false;
    m_arms->setCurrentCell(row, ArmName);
    writeExperiment();
}

void PlansPage::removeArm(int row)
{
    if (row < 0 || row >= m_arms->rowCount())
        return;
    m_arms->removeRow(row);
    writeExperiment();
}

// One arm: its name, and host and NIC pickers for each end. The arm as
// written stays with the row, so fields the table does not show survive.
void PlansPage::setArmRow(int row, const QJsonObject &arm)
{
    auto *name = new QTableWidgetItem(arm.value(u"name"_s).toString());
    name->setData(Qt::UserRole, arm);
    m_arms->setItem(row, ArmName, name);
    const QStringList choices = armEndChoices();
    auto endpoint = [&](const QString &field, int column) {
        // Every NIC of the inventory's and the plan's hosts as host/NIC;
        // typing stays open for a NIC the inventory does not list.
        auto *box = new QComboBox;
        box->setObjectName(u"arm%1"_s.arg(field));
        box->setFrame(false);
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
        box->addItems(choices);
        const QString current = endText(arm.value(field));
        const int i = box->findText(current);
        if (i >= 0)
            box->setCurrentIndex(i);
        else
            box->setEditText(current);
        m_arms->setCellWidget(row, column, box);
        connect(box, &QComboBox::currentTextChanged, this, &PlansPage::writeExperiment);
    };
    const bool wasLoading = m_loading;
    m_loading = true;
    endpoint(u"client"_s, ArmClient);
    endpoint(u"server"_s, ArmServer);
    m_loading = wasLoading;
}

// What an arm's end can be: each host's NICs as host/NIC, a host without
// any as its name.
QStringList PlansPage::armEndChoices() const
{
    QStringList choices;
    for (const QString &host : hostNames()) {
        bool any = false;
        for (const Nic &n : m_inventory.nics)
            if (n.hostName == host) {
                choices << host + u'/' + n.interfaceName;
                any = true;
            }
        if (!any)
            choices << host;
    }
    return choices;
}

void PlansPage::loadExperimentForm()
{
    const bool wasLoading = m_loading;
    m_loading = true;
    const bool on = experimentEnabled();
    const QJsonObject e = m_plan.value(u"experiment"_s).toObject();
    m_experimentOn->setChecked(on);
    if (on) {
        m_question->setText(e.value(u"question"_s).toString());
        m_question->setCursorPosition(0);
        m_varies->setCurrentIndex(std::max(0, m_varies->findData(e.value(u"varies"_s).toString(u"switch"_s))));
        m_rounds->setValue(e.value(u"rounds"_s).toInt(3));
        const QJsonArray arms = e.value(u"arms"_s).toArray();
        m_arms->setRowCount(0);
        for (const QJsonValue &a : arms) {
            m_arms->insertRow(m_arms->rowCount());
            setArmRow(m_arms->rowCount() - 1, a.toObject());
        }
    }
    for (QWidget *w : std::initializer_list<QWidget *>{m_question, m_varies, m_rounds, m_arms})
        w->setEnabled(on);
    m_loading = wasLoading;
}

void PlansPage::writeExperiment()
{
    if (m_loading || !experimentEnabled())
        return;
    QJsonArray arms;
    for (int r = 0; r < m_arms->rowCount(); ++r) {
        const QTableWidgetItem *name = m_arms->item(r, ArmName);
        QJsonObject arm = name ? name->data(Qt::UserRole).toJsonObject() : QJsonObject();
        arm.insert(u"name"_s, name ? name->text().trimmed() : QString());
        auto end = [&](const QString &field, int column) {
            if (const auto *box = qobject_cast<QComboBox *>(m_arms->cellWidget(r, column))) {
                const QString text = box->currentText().trimmed();
                arm.insert(field, pickedEndpoint(arm.value(field), text.section(u'/', 0, 0), text.section(u'/', 1)));
            }
        };
        end(u"client"_s, ArmClient);
        end(u"server"_s, ArmServer);
        arms.append(arm);
    }
    QJsonObject e{{u"question"_s, m_question->text()},
                  {u"varies"_s, m_varies->currentData().toString()},
                  {u"rounds"_s, m_rounds->value()},
                  {u"arms"_s, arms}};
    m_plan.insert(u"experiment"_s, e);
    updatePreview();
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
            m_inventoryError = result ? QString() : result.message();
            m_inventoryRead = true;
            setInventory(result ? *result : Inventory());
            emit inventoryLoaded();
            if (m_offerPending)
                offerMissingHosts();
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

// The user picked another host: a NIC typed for the old one that the new
// one does not have is dropped (its only NIC is taken, else none).
void PlansPage::pickNicOfNewHost(QComboBox *nic)
{
    if (m_loading || nic->count() < 2 || nic->findText(nic->currentText()) >= 0)
        return;
    nic->setCurrentIndex(nic->count() == 2 ? 1 : 0);
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
    loadExperimentForm();
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
    for (QComboBox *box : {m_client, m_server})
        fillHostChoices(box, names);
    refreshNicChoices(m_client, m_clientNic);
    refreshNicChoices(m_server, m_serverNic);
    const QStringList ends = armEndChoices();
    for (int r = 0; r < m_arms->rowCount(); ++r)
        for (int column : {ArmClient, ArmServer})
            if (auto *box = qobject_cast<QComboBox *>(m_arms->cellWidget(r, column))) {
                const QString current = box->currentText();
                box->clear();
                box->addItems(ends);
                const int i = box->findText(current);
                if (i >= 0)
                    box->setCurrentIndex(i);
                else
                    box->setEditText(current);
            }
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
    if (!has) {
        m_streams->setEnabled(false);
        m_direction->setEnabled(false);
        return;
    }
    m_loading = true;
    m_testName->setText(t.value(u"name"_s).toString());
    m_kind->setCurrentIndex(m_kind->findData(t.value(u"kind"_s).toString()));
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
    if (experimentEnabled()) {
        // The arms give the ends: the pickers show none rather than a stale host.
        for (QComboBox *box : {m_client, m_server})
            box->setCurrentIndex(-1);
        for (QComboBox *box : {m_clientNic, m_serverNic})
            box->setEditText(QString());
    } else {
        endpoint(u"client"_s, m_client, m_clientNic);
        endpoint(u"server"_s, m_server, m_serverNic);
    }
    const QJsonArray matrix = t.value(u"matrix"_s).toObject().value(u"hosts"_s).toArray();
    m_matrix->setChecked(t.contains(u"matrix"_s));
    for (int i = 0; i < m_matrixHosts->count(); ++i) {
        QListWidgetItem *item = m_matrixHosts->item(i);
        item->setCheckState(matrix.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    const QJsonObject params = t.value(u"params"_s).toObject();
    const QString kind = t.value(u"kind"_s).toString();
    updateStreamControls(params);
    m_params->setRowCount(0);
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (ownedByStreamControls(kind, it.key(), *it))
            continue;
        const int row = m_params->rowCount();
        m_params->insertRow(row);
        auto *name = new QTableWidgetItem(it.key());
        name->setToolTip(tr("%1 in the plan file").arg(it.key()));
        m_params->setItem(row, 0, name);
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

void PlansPage::updateStreamControls(const QJsonObject &params)
{
    // Only the kinds that take them; a swept value is edited in the table.
    const bool kindTakes = takesStreams(m_kind->currentData().toString()) && m_testName->isEnabled();
    const bool kindTurns = takesDirection(m_kind->currentData().toString()) && m_testName->isEnabled();
    const bool wasLoading = m_loading;
    m_loading = true;
    const QJsonValue streams = params.value(u"streams"_s);
    const QJsonValue direction = params.value(u"direction"_s);
    m_streams->setEnabled(kindTakes && !streams.isArray());
    m_direction->setEnabled(kindTurns && !direction.isArray());
    const QString swept = tr("Swept in the parameters table");
    m_streams->setToolTip(m_streams->isEnabled() ? tr("Parallel streams (iperf3 -P)")
                          : kindTakes            ? swept
                                                 : tr("Only tcp_stream and udp_stream take parallel streams"));
    m_direction->setToolTip(m_direction->isEnabled() ? tr("Who sends: the client, the server, or both at once")
                            : kindTurns              ? swept
                                                     : tr("A request/response test runs both ways by nature"));
    m_streams->setValue(streams.isDouble() ? streams.toInt() : 1);
    const int d = m_direction->findData(direction.isString() ? direction.toString() : u"forward"_s);
    m_direction->setCurrentIndex(std::max(0, d));
    m_loading = wasLoading;
}

void PlansPage::updateEndpointControls()
{
    // Either a client/server pair or a matrix of hosts, never both.
    // In an experiment, the arms give them.
    const bool experiment = experimentEnabled();
    m_matrix->setEnabled(!experiment && m_testName->isEnabled());
    const bool matrix = m_matrix->isChecked() && m_matrix->isEnabled();
    const bool pair = !m_matrix->isChecked() && m_matrix->isEnabled();
    for (QWidget *w : std::initializer_list<QWidget *>{m_client, m_clientNic, m_server, m_serverNic}) {
        w->setEnabled(pair);
        w->setToolTip(experiment ? tr("The A/B experiment's arms give every test its client and server.") : QString());
    }
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
        t.insert(u"kind"_s, m_kind->currentData().toString());
        if (experimentEnabled()) {
            // The experiment's arms give the endpoints.
        } else if (m_matrix->isChecked()) {
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
        // A sweep typed in the table wins; otherwise the controls say it.
        if (takesStreams(m_kind->currentData().toString()) && m_streams->isEnabled() && !params.value(u"streams"_s).isArray()) {
            params.remove(u"streams"_s);
            if (m_streams->value() != 1)
                params.insert(u"streams"_s, m_streams->value());
        }
        if (takesDirection(m_kind->currentData().toString())) {
            const QString direction = m_direction->currentData().toString();
            if (m_direction->isEnabled() && !params.value(u"direction"_s).isArray()) {
                params.remove(u"direction"_s);
                if (direction != u"forward"_s)
                    params.insert(u"direction"_s, direction);
            }
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
    if (!p && m_plan.value(u"tests"_s).toArray().isEmpty()) {
        // A new plan is not a mistake: say what to do first.
        m_preview->setText(tr("This plan has no tests yet. Add one with \"Add test\" below the Tests list, "
                              "then pick its kind or a classic preset."));
        m_preview->setStyleSheet(QString());
        m_hostNotes->hide();
        m_experimentNotes->hide();
        updateResolvedPath();
        return;
    }
    if (!p) {
        m_preview->setText(tr("%1\n\nFix this field, then the plan can be saved and run.").arg(error));
        m_preview->setStyleSheet(u"color: %1;"_s.arg(AppPalette::errorColour(palette()).name()));
        m_hostNotes->hide();
        m_experimentNotes->hide();
        updateResolvedPath();
        return;
    }
    updateHostNotes(*p);
    double seconds = 0;
    for (const TestCase &c : p->cases)
        seconds += c.durationS * c.repetitions.minIterations;
    m_preview->setStyleSheet(QString());
    const QString cases = p->cases.size() == 1 ? tr("1 test case") : tr("%1 test cases").arg(p->cases.size());
    QString summary = tr("Expands to %1, at least %2 s of testing.").arg(cases).arg(qRound(seconds));
    if (!p->experiment.isEmpty()) {
        const QJsonObject e = p->experiment;
        summary += u' '
                   + tr("A/B experiment: %n test(s) over %1 arms, %2 round(s), interleaved (A B A B …).", nullptr,
                        int(m_plan.value(u"tests"_s).toArray().size()))
                         .arg(e.value(u"arms"_s).toArray().size())
                         .arg(e.value(u"rounds"_s).toInt(3));
    }
    m_preview->setText(summary);
    const int shown = int(std::min<qsizetype>(p->cases.size(), 500));
    const QStringList texts = planCaseTexts(*p);
    for (int i = 0; i < shown; ++i) {
        const TestCase &c = p->cases.at(i);
        auto *item = new QListWidgetItem(texts.at(i), m_cases);
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
    updateExperimentNotes(*p);
}

// Whether the arms' paths, as the inventory has them, differ in exactly the
// element the experiment varies.
void PlansPage::updateExperimentNotes(const Plan &plan)
{
    if (plan.experiment.isEmpty()) {
        m_experimentNotes->hide();
        return;
    }
    const QStringList warnings = experimentPathWarnings(plan, m_inventory);
    const QString varies = elementLabel(plan.experiment.value(u"varies"_s).toString());
    m_experimentNotes->setText(warnings.isEmpty()
                                   ? tr("The arms' paths differ in the %1 only, as the question asks.").arg(varies)
                                   : u"⚠ "_s + warnings.join(u"\n⚠ "_s));
    m_experimentNotes->setStyleSheet(
        warnings.isEmpty() ? QString() : u"color: %1;"_s.arg(AppPalette::warningColour(palette()).name()));
    m_experimentNotes->show();
}

// One line per plan host that overrides the inventory's entry, from PlanHosts.
void PlansPage::updateHostNotes(const Plan &plan)
{
    QString error;
    const auto resolved = PlanHosts::resolve(plan, m_inventory, &error);
    QStringList lines;
    if (!m_inventoryError.isEmpty())
        lines.append(tr("The inventory could not be read (%1): only the plan's own hosts are known, and no "
                        "path can be shown.")
                         .arg(m_inventoryError));
    if (!resolved)
        lines.append(error);
    else
        lines += resolved->notes();
    m_hostNotes->setText(lines.join(u'\n'));
    m_hostNotes->setStyleSheet(
        u"color: %1;"_s.arg((resolved && m_inventoryError.isEmpty() ? AppPalette::warningColour(palette())
                                                                     : AppPalette::errorColour(palette()))
                                .name()));
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
    // Hosts only the plan defines can join the inventory, once it is read.
    m_offerPending = true;
    if (m_inventoryRead)
        offerMissingHosts();
    return true;
}

// The plan's own hosts the inventory lacks: offered to the inventory as they
// are reached, so other plans, Discover and the Results page know them.
void PlansPage::offerMissingHosts()
{
    m_offerPending = false;
    if (!m_store || !m_parsed || !m_inventoryError.isEmpty())
        return;
    const QList<Host> missing = PlanHosts::hostsMissingFromInventory(*m_parsed, m_inventory);
    if (missing.isEmpty())
        return;
    QStringList lines;
    QStringList names;
    for (const Host &h : missing) {
        names << h.name;
        const QString ssh = h.sshAddress.isEmpty() ? h.address : h.sshAddress;
        if (!ProbeTarget::needsSsh(h))
            lines << tr("• %1: this machine's agent").arg(h.name);
        else
            lines << tr("• %1: SSH to %2%3%4, test traffic to %5")
                         .arg(h.name, h.sshUser.isEmpty() ? QString() : h.sshUser + u'@', ssh.isEmpty() ? h.name : ssh,
                              h.sshPort == 22 ? QString() : u":%1"_s.arg(h.sshPort),
                              h.address.isEmpty() ? h.name : h.address);
    }
    const auto answer = MessageBox::question(
        this, tr("Open plan"),
        tr("The plan defines %n host(s) the inventory does not have:\n%1\n\nAdd them to the inventory, so that "
           "other plans, Discover and the Results page know them? The plan file is not changed.",
           "", int(missing.size()))
            .arg(lines.join(u'\n')),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer != QMessageBox::Yes)
        return;
    Inventory add;
    add.hosts = missing;
    // One transaction that only adds: a host someone added meanwhile stays as it is.
    m_store->write([add](ResultStore &db) { return db.inventory().importInventory(add, InventoryMerge::KeepExisting); })
        .then(this, [this, names](const StoreResult<InventoryImportSummary> &result) {
            if (!result) {
                MessageBox::critical(this, tr("Open plan"),
                                     tr("The hosts could not be added to the inventory: %1\n\nNothing was "
                                        "changed; add them on the Inventory page.")
                                         .arg(result.message()));
                return;
            }
            reloadInventory();
            emit hostsAddedToInventory(names);
        });
}

bool PlansPage::saveFile(const QString &path)
{
    QSaveFile f(path);
    // "format" tells a plan file from a lab file (double click, `wirebench FILE`).
    m_plan.insert(u"format"_s, u"wirebench-plan"_s);
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
