// SPDX-License-Identifier: GPL-3.0-or-later
#include "runspage.h"

#include "apppalette.h"

#include "config/settings.h"
#include "filedialog.h"
#include "dialogprompter.h"
#include "keychainsecretstore.h"
#include "messagebox.h"
#include "plancasetext.h"
#include "result/keyfigure.h"
#include "config/sshoptions.h"
#include "samplesplot.h"
#include "store/databaseurl.h"
#include "run/schedule.h"
#include "store/resultstore.h"
#include "runtext.h"
#include "store/runfilter.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QAction>
#include <algorithm>
#include <QPainter>
#include <QPixmap>
#include <QPolygonF>
#include <QFileInfo>
#include <QGridLayout>
#include <QLocale>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QThread>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "qcustomplotinclude.h"

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {
constexpr int kReplotMs = 40;
constexpr int kMaxLogLines = 5000;
enum CaseColumn { CaseName, CaseStatus, CaseProgress, CaseResultText };
enum LogColumn { LogTime, LogSeverity, LogHost, LogText };
enum UnfinishedColumn { UnfinishedPlan, UnfinishedId, UnfinishedStarted, UnfinishedLeft };
// The newest runs the list of interrupted plan runs looks through.
constexpr int kUnfinishedScanRuns = 5000;

QString timeLeftText(double seconds)
{
    const int s = int(seconds + 0.5);
    return s >= 60 ? QObject::tr("~%1 min %2 s left").arg(s / 60).arg(s % 60) : QObject::tr("~%1 s left").arg(s);
}
} // namespace

RunsPage::RunsPage(Settings &settings, QWidget *parent)
    : Page(tr("Runs"), tr("Runs a plan on the lab: progress, live samples and the agents' log. Every finished test "
                          "is stored at once, so cancelling keeps what finished."),
           parent),
      m_settings(settings),
      m_prompter(std::make_unique<DialogPrompter>(this)),
      m_keychain(std::make_unique<KeychainSecretStore>(this)),
      m_unfinishedBox(new QWidget),
      m_unfinished(new QTreeWidget),
      m_resumeButton(new QPushButton(tr("Resume"))),
      m_planLabel(new QLabel(tr("No plan running. Open a plan file (Ctrl+O), or re-run a result from the "
                                "Results page."))),
      m_openButton(new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Run plan file…"))),
      m_cancelButton(new QPushButton(tr("Cancel"))),
      m_resultsButton(new QPushButton(tr("Show in Results"))),
      m_compareButton(new QPushButton(tr("Compare these runs"))),
      m_overall(new QProgressBar),
      m_timeLeft(new QLabel),
      m_cases(new QTreeWidget),
      m_plot(new QCustomPlot),
      m_log(new QTreeWidget),
      m_splitter(new QSplitter(Qt::Vertical)),
      m_replot(new QTimer(this))
{
    setObjectName(u"runsPage"_s);
    // Local hosts run local agents; SSH hosts ask their questions here.
    m_access.ssh.wirebenchKnownHostsFile = SshOptions::defaultWirebenchKnownHostsFile();
    m_access.hostKeys = m_prompter.get();
    m_access.credentials = m_prompter.get();
    m_access.secrets = m_keychain.get();
    auto *top = new QHBoxLayout;
    m_planLabel->setObjectName(u"planLabel"_s);
    m_planLabel->setWordWrap(true);
    top->addWidget(m_planLabel, 1);
    m_openButton->setObjectName(u"openPlanButton"_s);
    m_openButton->setToolTip(tr("Open a plan file and run it (Ctrl+O)"));
    m_cancelButton->setObjectName(u"cancelButton"_s);
    m_cancelButton->setIcon(stopIcon());
    m_cancelButton->setToolTip(tr("Cancel the plan; finished tests stay stored (Esc)"));
    m_cancelButton->setEnabled(false);
    // Once a plan run is stored: on to its results and their comparison.
    m_resultsButton->setObjectName(u"showResultsButton"_s);
    m_resultsButton->setToolTip(tr("The Results page, filtered to this plan's runs"));
    m_compareButton->setObjectName(u"compareRunsButton"_s);
    m_compareButton->setToolTip(tr("The Compare page with the runs this plan run stored"));
    for (QPushButton *b : {m_resultsButton, m_compareButton}) {
        b->setEnabled(false);
        top->addWidget(b);
    }
    connect(m_resultsButton, &QPushButton::clicked, this, [this] {
        if (m_execution)
            emit resultsRequested(m_execution->plan().name);
    });
    connect(m_compareButton, &QPushButton::clicked, this, [this] {
        if (!m_storedRunIds.isEmpty())
            emit compareRequested(m_storedRunIds);
    });
    top->addWidget(m_openButton);
    top->addWidget(m_cancelButton);
    body()->addLayout(top);

    // Interrupted plan runs, to resume; hidden while there are none.
    m_unfinishedBox->setObjectName(u"unfinishedBox"_s);
    auto *unfinishedLayout = new QGridLayout(m_unfinishedBox);
    unfinishedLayout->setContentsMargins(0, 0, 0, 0);
    auto *unfinishedTitle = new QLabel(tr("Interrupted plan runs — Resume runs only what each one has not "
                                          "finished; the finished tests and repetitions are kept."));
    unfinishedTitle->setWordWrap(true);
    unfinishedLayout->addWidget(unfinishedTitle, 0, 0, 1, 2);
    m_unfinished->setObjectName(u"unfinishedRunsView"_s);
    m_unfinished->setHeaderLabels({tr("Plan"), tr("Run id"), tr("Started"), tr("Left to run")});
    m_unfinished->setRootIsDecorated(false);
    m_unfinished->setUniformRowHeights(true);
    m_unfinished->setSelectionMode(QAbstractItemView::SingleSelection);
    m_unfinished->header()->setStretchLastSection(true);
    m_unfinished->setMaximumHeight(6 * fontMetrics().height() + 12);
    m_unfinished->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *resumeAction = new QAction(tr("Resume"), m_unfinished);
    resumeAction->setObjectName(u"resumeAction"_s);
    m_unfinished->addAction(resumeAction);
    connect(resumeAction, &QAction::triggered, this, &RunsPage::resumeSelected);
    connect(m_unfinished, &QTreeWidget::itemDoubleClicked, this, &RunsPage::resumeSelected);
    connect(m_unfinished, &QTreeWidget::itemSelectionChanged, this, &RunsPage::updateResumeButton);
    unfinishedLayout->addWidget(m_unfinished, 1, 0);
    m_resumeButton->setObjectName(u"resumeButton"_s);
    m_resumeButton->setIcon(icon());
    m_resumeButton->setToolTip(tr("Resume the selected plan run: run only the tests and repetitions it has not "
                                  "finished"));
    connect(m_resumeButton, &QPushButton::clicked, this, &RunsPage::resumeSelected);
    unfinishedLayout->addWidget(m_resumeButton, 1, 1, Qt::AlignTop);
    m_unfinishedBox->hide();
    body()->addWidget(m_unfinishedBox);
    updateResumeButton();
    buildSchedulesBox();

    auto *open = new QAction(this);
    open->setShortcut(QKeySequence::Open);
    open->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(open);
    connect(open, &QAction::triggered, this, &RunsPage::openPlanFile);
    auto *cancelAction = new QAction(this);
    cancelAction->setShortcut(Qt::Key_Escape);
    cancelAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(cancelAction);
    connect(cancelAction, &QAction::triggered, this, &RunsPage::cancel);
    connect(m_openButton, &QPushButton::clicked, this, &RunsPage::openPlanFile);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunsPage::cancel);

    auto *progress = new QHBoxLayout;
    m_overall->setObjectName(u"overallProgress"_s);
    m_overall->setRange(0, 1);
    m_overall->setValue(0);
    m_overall->setFormat(tr("%v of %m tests"));
    m_timeLeft->setObjectName(u"timeLeft"_s);
    m_timeLeft->setMinimumWidth(fontMetrics().horizontalAdvance(u"~00 min 00 s left"_s));
    progress->addWidget(m_overall, 1);
    progress->addWidget(m_timeLeft);
    body()->addLayout(progress);

    m_cases->setObjectName(u"casesView"_s);
    m_cases->setAccessibleName(tr("Tests of the plan"));
    m_cases->setHeaderLabels({tr("Test"), tr("Status"), tr("Progress"), tr("Result")});
    m_cases->setRootIsDecorated(false);
    m_cases->setUniformRowHeights(true);
    m_cases->setTextElideMode(Qt::ElideRight);
    m_cases->header()->setStretchLastSection(true);
    const int em = fontMetrics().horizontalAdvance(u'M');
    // The test (its swept parameter and endpoints) gets the room; the result
    // is a short figure.
    m_cases->setColumnWidth(CaseName, 40 * em);
    m_cases->setColumnWidth(CaseStatus, 7 * em);
    m_cases->setColumnWidth(CaseProgress, 12 * em);

    m_plot->setObjectName(u"livePlot"_s);
    m_plot->setAccessibleName(tr("Live samples of the running tests"));
    m_plot->setMinimumHeight(140);
    SamplesPlot::setUp(m_plot);
    m_plot->yAxis->setLabel(tr("Throughput (Mbit/s)"));

    m_log->setObjectName(u"logView"_s);
    m_log->setAccessibleName(tr("Agents' log"));
    m_log->setHeaderLabels({tr("Time"), tr("Severity"), tr("Host"), tr("Message")});
    m_log->setRootIsDecorated(false);
    m_log->setUniformRowHeights(true);
    m_log->header()->setStretchLastSection(true);
    m_log->setColumnWidth(LogTime, 7 * em);
    m_log->setColumnWidth(LogSeverity, 6 * em);
    m_log->setColumnWidth(LogHost, 8 * em);
    const QByteArray logHeader = m_settings.viewState(Settings::ViewState::RunsLogHeader);
    if (!logHeader.isEmpty())
        m_log->header()->restoreState(logHeader);

    m_splitter->setObjectName(u"runsSplitter"_s);
    m_splitter->addWidget(m_cases);
    m_splitter->addWidget(m_plot);
    m_splitter->addWidget(m_log);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);
    const QByteArray split = m_settings.viewState(Settings::ViewState::RunsSplitter);
    if (!split.isEmpty())
        m_splitter->restoreState(split);
    body()->addWidget(m_splitter, 1);

    m_replot->setInterval(kReplotMs);
    connect(m_replot, &QTimer::timeout, this, &RunsPage::tick);
}

void RunsPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    m_databasePath = m_store ? m_store->displayLocation() : QString();
    reloadUnfinished();
    reloadSchedules();
}

void RunsPage::buildSchedulesBox()
{
    m_schedulesBox = new QWidget;
    m_schedulesBox->setObjectName(u"schedulesBox"_s);
    auto *layout = new QVBoxLayout(m_schedulesBox);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *title = new QLabel(tr("Scheduled plans — systemd user timers, added and removed with "
                                "“wirebench-cli schedule”; their runs never prompt."));
    title->setWordWrap(true);
    layout->addWidget(title);
    m_schedules = new QTreeWidget;
    m_schedules->setObjectName(u"schedulesView"_s);
    m_schedules->setHeaderLabels({tr("Schedule"), tr("When"), tr("Plan"), tr("Last result")});
    m_schedules->setRootIsDecorated(false);
    m_schedules->setUniformRowHeights(true);
    m_schedules->header()->setStretchLastSection(true);
    m_schedules->setMaximumHeight(5 * fontMetrics().height() + 12);
    m_schedules->setAccessibleName(tr("Scheduled plans"));
    layout->addWidget(m_schedules);
    m_schedulesBox->hide();
    body()->addWidget(m_schedulesBox);
}

void RunsPage::reloadSchedules()
{
    const int request = ++m_schedulesRequest;
    QStringList problems;
    const QList<Schedule> schedules = listSchedules(userUnitDirectory(), &problems);
    for (const QString &p : std::as_const(problems))
        addLog(u"warning"_s, QString(), tr("a schedule cannot be read: %1").arg(p));
    m_schedules->clear();
    m_schedulesBox->setVisible(!schedules.isEmpty());
    if (schedules.isEmpty())
        return;
    // A schedule's runs are in its own database: only those of the one open
    // here can be looked up.
    const auto sameDatabase = [this](const Schedule &s) {
        if (!m_store)
            return false;
        const QString theirs = s.databasePath.isEmpty() ? Settings::defaultDatabasePath() : s.databasePath;
        const QFileInfo a(theirs), b(m_store->location());
        return theirs == m_store->location() || (a.exists() && b.exists() && a.canonicalFilePath() == b.canonicalFilePath());
    };
    QList<QTreeWidgetItem *> pending;
    for (const Schedule &s : schedules) {
        auto *item = new QTreeWidgetItem(m_schedules, {s.name, s.describe(), QFileInfo(s.planPath).fileName(),
                                                       sameDatabase(s) ? tr("reading…")
                                                                       : tr("results go to %1").arg(
                                                                             DatabaseUrl::redacted(
                                                                                 s.databasePath.isEmpty()
                                                                                     ? Settings::defaultDatabasePath()
                                                                                     : s.databasePath))});
        item->setToolTip(2, s.planPath);
        if (sameDatabase(s))
            pending.append(item);
    }
    if (pending.isEmpty())
        return;
    m_store->read([](ResultStore &store) {
               RunFilter f;
               f.limit = 2000; // the newest runs: a schedule's last plan run is among them
               return store.runs().listRuns(f);
           })
        .then(this, [this, request, pending](const StoreResult<QList<StoredRun>> &runs) {
            if (request != m_schedulesRequest)
                return; // the items are gone; a newer request fills the new ones
            for (QTreeWidgetItem *item : pending) {
                const QString text = runs ? scheduleLastRun(*runs, item->text(0)).describe()
                                          : tr("cannot read the runs: %1").arg(runs.message());
                item->setText(3, text);
                item->setToolTip(3, text);
                if (!runs || text.contains(u"failed"_s))
                    item->setForeground(3, AppPalette::errorColour(palette()));
            }
        });
}

void RunsPage::reloadUnfinished()
{
    const int request = ++m_unfinishedRequest;
    if (!m_store) {
        m_unfinishedRuns.clear();
        m_unfinished->clear();
        m_unfinishedBox->hide();
        return;
    }
    m_store->read([](ResultStore &store) { return PlanRunAccount::unfinished(store, kUnfinishedScanRuns); })
        .then(this, [this, request](const StoreResult<QList<PlanRunAccount>> &listed) {
            if (request != m_unfinishedRequest)
                return; // a newer request is on its way
            const QString selected = m_unfinished->currentItem()
                                         ? m_unfinished->currentItem()->text(UnfinishedId)
                                         : QString();
            m_unfinished->clear();
            m_unfinishedRuns = listed ? *listed : QList<PlanRunAccount>();
            if (!listed)
                addLog(u"warning"_s, QString(), tr("cannot list the interrupted plan runs: %1").arg(listed.message()));
            for (const PlanRunAccount &a : std::as_const(m_unfinishedRuns)) {
                const QString left = a.problem().isEmpty() ? a.describe() : tr("cannot resume: %1").arg(a.problem());
                auto *item = new QTreeWidgetItem(
                    m_unfinished, {a.planName(), a.planRunId(),
                                   QLocale::system().toString(a.started().toLocalTime(), QLocale::ShortFormat), left});
                item->setToolTip(UnfinishedLeft, left);
                if (!a.problem().isEmpty())
                    item->setForeground(UnfinishedLeft, AppPalette::errorColour(palette()));
                if (a.planRunId() == selected)
                    m_unfinished->setCurrentItem(item);
            }
            if (!m_unfinished->currentItem() && m_unfinished->topLevelItemCount() > 0)
                m_unfinished->setCurrentItem(m_unfinished->topLevelItem(0));
            m_unfinishedBox->setVisible(!m_unfinishedRuns.isEmpty());
            updateResumeButton();
            emit unfinishedLoaded(int(m_unfinishedRuns.size()));
        });
}

void RunsPage::updateResumeButton()
{
    m_resumeButton->setEnabled(m_unfinished->currentItem() && !isRunning() && !m_checkingDatabase);
}

void RunsPage::resumeSelected()
{
    if (QTreeWidgetItem *item = m_unfinished->currentItem())
        resumePlanRun(item->text(UnfinishedId));
}

bool RunsPage::resumePlanRun(const QString &planRunId)
{
    const QString title = tr("Resume plan run");
    if (isRunning()) {
        MessageBox::warning(this, title, tr("A plan is running. Cancel it (Esc) or wait for it to finish before "
                                            "resuming plan run %1.")
                                             .arg(planRunId));
        return false;
    }
    if (!m_store) {
        MessageBox::warning(this, title, tr("No results database is open."));
        return false;
    }
    auto it = std::find_if(m_unfinishedRuns.cbegin(), m_unfinishedRuns.cend(),
                           [&](const PlanRunAccount &a) { return a.planRunId() == planRunId; });
    if (it == m_unfinishedRuns.cend()) {
        MessageBox::warning(this, title, tr("Plan run %1 is not among the interrupted plan runs of %2.")
                                             .arg(planRunId, m_databasePath));
        return false;
    }
    if (!it->problem().isEmpty()) {
        MessageBox::warning(this, title, tr("Plan run %1 of '%2' cannot be resumed: %3.\n\nRun its plan again as a "
                                            "new plan run instead (Plans page or Run plan file…).")
                                             .arg(planRunId, it->planName(), it->problem()));
        return false;
    }
    startPlan(it->plan(), planRunId);
    return true;
}

RunsPage::~RunsPage()
{
    saveLayout();
    if (m_execution)
        m_execution->cancel();
    m_execution.reset(); // waits for its recorder to store what it was handed
}

QIcon RunsPage::icon() const
{
    // A play triangle in the text colour: the style's own is black and
    // vanishes on a dark palette.
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::WindowText));
    painter.drawPolygon(QPolygonF{QPointF(9, 6), QPointF(26, 16), QPointF(9, 26)});
    painter.end();
    return QIcon(pixmap);
}

QIcon RunsPage::stopIcon() const
{
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::ButtonText));
    painter.drawRect(QRectF(8, 8, 16, 16));
    painter.end();
    return QIcon(pixmap);
}

void RunsPage::changeEvent(QEvent *event)
{
    Page::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_cancelButton->setIcon(stopIcon());
}

HostKeyPolicy *RunsPage::hostKeyPolicy() const { return m_prompter.get(); }
CredentialProvider *RunsPage::credentialProvider() const { return m_prompter.get(); }

void RunsPage::saveLayout()
{
    m_settings.setViewState(Settings::ViewState::RunsSplitter, m_splitter->saveState());
    m_settings.setViewState(Settings::ViewState::RunsLogHeader, m_log->header()->saveState());
}

void RunsPage::openPlanFile()
{
    if (isRunning()) {
        MessageBox::warning(this, tr("Run plan"), tr("A plan is running. Cancel it (Esc) or wait for it to finish "
                                                     "before starting another."));
        return;
    }
    const QString path = FileDialog::openFile(this, tr("Run plan"), m_settings.lastFolder(),
                                                      tr("Wirebench plans (*.json)"));
    if (path.isEmpty())
        return;
    m_settings.setLastFolder(QFileInfo(path).absolutePath());
    runPlanFile(path);
}

bool RunsPage::runPlanFile(const QString &path)
{
    QString error;
    auto plan = Plan::load(path, &error);
    if (!plan) {
        MessageBox::critical(this, tr("Run plan"),
                             tr("%1\n\nFix the plan file (see docs/plan-format.md) and open it again.").arg(error));
        return false;
    }
    return runPlan(*plan);
}

bool RunsPage::runPlan(const Plan &plan)
{
    if (isRunning()) {
        MessageBox::warning(this, tr("Run plan"), tr("A plan is running. Cancel it (Esc) or wait for it to finish "
                                                     "before starting '%1'.")
                                                      .arg(plan.name));
        return false;
    }
    if (m_databasePath.isEmpty()) {
        MessageBox::warning(this, tr("Run plan"), tr("No results database is open, so results would be lost. "
                                                     "Open or create a database first (the program asks at start)."));
        return false;
    }
    if (plan.cases.isEmpty()) {
        MessageBox::warning(this, tr("Run plan"), tr("Plan '%1' has no test cases. Add a test on the Plans page.")
                                                      .arg(plan.name));
        return false;
    }
    if (m_checkingDatabase) {
        MessageBox::warning(this, tr("Run plan"), tr("A plan is about to start; wait a moment."));
        return false;
    }
    if (DatabaseUrl::isPostgres(m_databasePath)) {
        // A shared database may have gone away since it was opened: refuse
        // the plan before any test runs rather than run it and drop results.
        m_checkingDatabase = true;
        addLog(u"info"_s, QString(), tr("checking the shared database %1").arg(m_databasePath));
        m_store->write([](ResultStore &store) { return store.info(); }).then(this, [this, plan](const StoreResult<StoreInfo> &reached) {
            m_checkingDatabase = false;
            if (!reached) {
                const QString message = tr("Plan '%1' was not started: %2").arg(plan.name, reached.message());
                addLog(u"error"_s, QString(), message);
                emit planRefused(message);
                MessageBox::critical(this, tr("Run plan"), message);
                return;
            }
            startPlan(plan);
        });
        return true;
    }
    startPlan(plan);
    return true;
}

void RunsPage::startPlan(const Plan &plan, const QString &resumeRunId)
{
    m_execution.reset();

    PlanExecution::Options options;
    options.store = m_store;
    options.transportFactory = m_factory;
    options.resumeRunId = resumeRunId;
    m_execution = std::make_unique<PlanExecution>(plan, m_access, options);
    PlanExecution *execution = m_execution.get();
    connect(execution, &PlanExecution::storeFailed, this, [this](const QString &, const QString &message) {
        addLog(u"error"_s, QString(), tr("%1. Check the database: its server, file or disk space.").arg(message));
    });
    connect(execution, &PlanExecution::allStored, this, &RunsPage::handleStored);
    connect(execution, &PlanExecution::caseStarted, this, &RunsPage::handleCaseStarted);
    connect(execution, &PlanExecution::sampleReceived, this, &RunsPage::handleSample);
    connect(execution, &PlanExecution::caseFinished, this, &RunsPage::handleCaseFinished);
    connect(execution, &PlanExecution::progressChanged, this, &RunsPage::handleProgress);
    connect(execution, &PlanExecution::logged, this, &RunsPage::addLog);
    connect(execution, &PlanExecution::planFinished, this, &RunsPage::handlePlanFinished);
    // The plan's hosts resolve against the inventory (and what a resumed
    // plan run holds is read) off the GUI thread; then it starts.
    m_openButton->setEnabled(false);
    updateResumeButton();
    if (!resumeRunId.isEmpty())
        addLog(u"info"_s, QString(), tr("reading what plan run %1 of '%2' holds in %3")
                                         .arg(resumeRunId, plan.name, DatabaseUrl::redacted(m_databasePath)));
    connect(execution, &PlanExecution::prepared, this, [this, resumeRunId, name = plan.name](const QString &problem) {
        if (problem.isEmpty()) {
            if (const PlanHosts *hosts = m_execution->hostResolution())
                for (const QString &note : hosts->notes())
                    addLog(u"warning"_s, QString(), note);
            launch();
            return;
        }
        const QString message = resumeRunId.isEmpty() ? tr("Plan '%1' was not started: %2").arg(name, problem)
                                                      : tr("Plan run %1 was not resumed: %2").arg(resumeRunId, problem);
        addLog(u"error"_s, QString(), message);
        m_execution.release()->deleteLater(); // we are inside its signal
        m_openButton->setEnabled(true);
        updateResumeButton();
        emit planRefused(message);
        MessageBox::critical(this, resumeRunId.isEmpty() ? tr("Run plan") : tr("Resume plan run"), message);
    });
    execution->prepareLater();
}

void RunsPage::launch()
{
    PlanExecution *execution = m_execution.get();
    const Plan &plan = execution->plan();
    const PlanRunAccount &resumed = execution->resumed();
    const QString planRunId = execution->planRunId();

    // Reset the view.
    m_cases->clear();
    m_caseViews.clear();
    m_pendingSamples.clear();
    m_plot->clearGraphs();
    m_plot->replot();
    m_plottedPoints = 0;
    m_graphColour = 0;
    m_plotKind.clear();
    m_planDone = false;
    m_storedRunIds.clear();
    m_resultsButton->setEnabled(false);
    m_compareButton->setEnabled(false);
    const QStringList caseTexts = planCaseTexts(plan);
    for (qsizetype i = 0; i < plan.cases.size(); ++i) {
        const TestCase &c = plan.cases.at(i);
        const CaseAccount *stored = resumed.find(c.key);
        const int kept = stored ? int(stored->kept.size()) : 0;
        CaseView v;
        v.testCase = c;
        v.expectedS = std::max(0.1, c.durationS * std::max(1, c.repetitions.minIterations - kept));
        QString status = tr("waiting");
        if (stored && stored->complete)
            status = tr("finished before");
        else if (kept > 0)
            status = tr("waiting, %n kept", nullptr, kept);
        v.item = new QTreeWidgetItem(m_cases, {caseTexts.value(i), status, QString(), QString()});
        v.item->setToolTip(CaseName, caseTexts.value(i));
        v.bar = new QProgressBar;
        v.bar->setRange(0, 1000);
        v.bar->setValue(stored && stored->complete ? 1000 : 0);
        v.bar->setFormat(stored && stored->complete ? tr("kept") : QString());
        v.bar->setMaximumHeight(fontMetrics().height() + 4);
        m_cases->setItemWidget(v.item, CaseProgress, v.bar);
        m_caseViews.insert(c.key, v);
    }

    m_planLabel->setText(resumed.planRunId().isEmpty()
                             ? tr("<b>%1</b> — %2 tests, run id %3")
                                   .arg(plan.name.toHtmlEscaped())
                                   .arg(plan.cases.size())
                                   .arg(planRunId)
                             : tr("<b>%1</b> — resuming run id %2: %3")
                                   .arg(plan.name.toHtmlEscaped(), planRunId, resumed.describe().toHtmlEscaped()));
    m_overall->setRange(0, int(plan.cases.size()));
    m_overall->setValue(resumed.completeCases());
    m_timeLeft->clear();
    m_cancelButton->setEnabled(true);
    m_openButton->setEnabled(false);
    updateResumeButton();
    if (resumed.planRunId().isEmpty())
        addLog(u"info"_s, QString(), tr("starting plan '%1' (run id %2), results into %3")
                                         .arg(plan.name, planRunId, DatabaseUrl::redacted(m_databasePath)));
    else
        addLog(u"info"_s, QString(), tr("resuming plan '%1' (run id %2: %3), results into %4")
                                         .arg(plan.name, planRunId, resumed.describe(),
                                              DatabaseUrl::redacted(m_databasePath)));
    m_replot->start();
    execution->start();
}

void RunsPage::cancel()
{
    if (m_execution && m_execution->isRunning()) {
        m_cancelButton->setEnabled(false);
        m_execution->cancel();
    }
}

void RunsPage::handleCaseStarted(const TestCase &testCase, int iteration)
{
    auto it = m_caseViews.find(testCase.key);
    if (it == m_caseViews.end())
        return;
    CaseView &v = *it;
    if (!v.running) {
        v.running = true;
        v.clock.start();
    }
    v.item->setText(CaseStatus, iteration > 0 ? tr("run %1").arg(iteration + 1) : tr("running"));
    m_cases->scrollToItem(v.item);
    // The plot shows the tests running now: drop graphs of finished ones.
    for (CaseView &other : m_caseViews) {
        if (!other.running && other.graph) {
            m_plot->removeGraph(other.graph);
            other.graph = nullptr;
        }
    }
    if (!v.graph) {
        v.graph = m_plot->addGraph();
        v.graph->setName(testCase.name);
        v.graph->setPen(QPen(SamplesPlot::colour(m_graphColour++), 2));
        // Points as well as the line: a test with one or two samples so far still shows.
        v.graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    } else {
        v.graph->data()->clear(); // a new repetition starts at t = 0
    }
    if (m_plotKind != testCase.kind) {
        m_plotKind = testCase.kind;
        m_plot->yAxis->setLabel(SamplesPlot::axisFor(testCase.kind).label);
    }
}

void RunsPage::handleSample(const QString &caseKey, const Sample &sample)
{
    // Producer side: append only; tick() draws.
    m_pendingSamples.append({caseKey, sample});
}

void RunsPage::tick()
{
    // Per-test progress from the time each running test has had.
    for (CaseView &v : m_caseViews) {
        if (!v.running)
            continue;
        const double elapsedS = v.clock.elapsed() / 1000.0;
        v.bar->setValue(std::min(990, int(1000 * elapsedS / v.expectedS)));
        v.bar->setFormat(timeLeftText(std::max(0.0, v.expectedS - elapsedS)));
    }

    if (m_pendingSamples.isEmpty())
        return;
    for (const auto &[key, s] : std::as_const(m_pendingSamples)) {
        auto it = m_caseViews.find(key);
        if (it == m_caseViews.end() || !it->graph)
            continue;
        const SamplesPlot::Axis axis = SamplesPlot::axisFor(it->testCase.kind);
        if (s.name != axis.metric)
            continue;
        // One side per test: the first one that reports (both ends report
        // the same flow; the receiver's figure replaces the sender's).
        if (it->side.isEmpty() || (it->side == u"client"_s && s.side == u"server"_s && it->graph->dataCount() == 0))
            it->side = s.side;
        if (s.side != it->side)
            continue;
        it->graph->addData(s.t, s.value * axis.factor);
        ++m_plottedPoints;
    }
    m_pendingSamples.clear();
    m_plot->rescaleAxes();
    m_plot->yAxis->setRangeLower(0);
    m_plot->yAxis->setRangeUpper(m_plot->yAxis->range().upper * 1.1 + 1e-9);
    // Time runs from the test's start to at least its planned end, so a
    // short test's first samples do not sit on an axis of their own making.
    double planned = 0;
    for (const CaseView &v : std::as_const(m_caseViews))
        if (v.graph)
            planned = std::max(planned, v.testCase.durationS);
    m_plot->xAxis->setRange(0, std::max({m_plot->xAxis->range().upper, planned, 1.0}));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int RunsPage::plottedPoints() const { return m_plottedPoints; }

void RunsPage::handleCaseFinished(const CaseResult &result)
{
    auto it = m_caseViews.find(result.testCase.key);
    if (it == m_caseViews.end())
        return;
    it->running = false;
    it->bar->setValue(1000);
    it->bar->setFormat(tr("done"));
    it->item->setText(CaseStatus, statusText(result.status));
    QString text = result.iterations.isEmpty() ? result.error : keyFigure(result.summary).text;
    if (const QString kept = keptRepetitionsText(result, m_execution ? m_execution->planRunId() : QString());
        !kept.isEmpty())
        text += u" ("_s + kept + u')';
    // Heavy loss is said in words (and marked), not left to a bare percentage.
    if (const QString loss = heavyLossText(result.summary, text); !loss.isEmpty()) {
        text += u" — "_s + loss;
        it->item->setForeground(CaseResultText, AppPalette::warningColour(palette()));
        it->item->setIcon(CaseResultText, style()->standardIcon(QStyle::SP_MessageBoxWarning));
    }
    it->item->setText(CaseResultText, text);
    it->item->setToolTip(CaseResultText, text);
    if (result.status != u"finished"_s)
        it->item->setForeground(CaseStatus, AppPalette::errorColour(palette()));
}

void RunsPage::handleProgress(int done, int total, double secondsLeft)
{
    m_overall->setRange(0, std::max(1, total));
    m_overall->setValue(done);
    m_timeLeft->setText(done >= total ? tr("done") : timeLeftText(secondsLeft));
}

void RunsPage::handlePlanFinished(int finished, int failed, int cancelled)
{
    m_planDone = true;
    m_cancelButton->setEnabled(false);
    m_openButton->setEnabled(true);
    m_timeLeft->setText(tr("done"));
    // The orchestrator has logged the totals; say what to do about failures.
    if (failed + cancelled > 0)
        addLog(u"warning"_s, QString(),
               tr("%1 of %2 tests did not finish; see the errors above, fix the host and resume the plan run "
                  "(Interrupted plan runs, above): only what did not finish runs, the rest is kept.")
                   .arg(failed + cancelled)
                   .arg(finished + failed + cancelled));
    for (CaseView &v : m_caseViews) {
        if (!v.running && v.item->text(CaseStatus).startsWith(tr("waiting")))
            v.item->setText(CaseStatus, tr("skipped"));
    }
    tick();
    m_replot->stop();
}

void RunsPage::handleStored(int stored)
{
    addLog(u"info"_s, QString(), tr("%1 test results stored in %2").arg(stored).arg(m_databasePath));
    updateResumeButton();
    reloadUnfinished(); // this plan run may now be finished, or cut
    reloadSchedules();
    emit planStored(m_execution->planRunId(), stored);
    loadStoredRunIds();
    if (const Plan &plan = m_execution->plan(); !plan.experiment.isEmpty() && !plan.cases.isEmpty() && stored > 0)
        emit experimentStored(m_execution->planRunId(), plan.cases.first().kind);
}

void RunsPage::loadStoredRunIds()
{
    if (!m_store || !m_execution)
        return;
    const QString planName = m_execution->plan().name;
    const QString prefix = m_execution->planRunId() + u'-'; // every run's measurement id starts so
    m_store->read([planName](ResultStore &store) {
               RunFilter f;
               f.plan = planName;
               f.withDetails = false;
               return store.runs().listRuns(f);
           })
        .then(this, [this, prefix](const StoreResult<QList<StoredRun>> &runs) {
            if (!runs || !m_execution || !prefix.startsWith(m_execution->planRunId()))
                return;
            m_storedRunIds.clear();
            for (const StoredRun &r : *runs)
                if (r.measurementUuid.startsWith(prefix))
                    m_storedRunIds.append(r.id);
            m_resultsButton->setEnabled(!m_storedRunIds.isEmpty());
            m_compareButton->setEnabled(!m_storedRunIds.isEmpty());
        });
}

void RunsPage::addLog(const QString &severity, const QString &host, const QString &text)
{
    // The severity in words of the window's language; its colour says it again.
    const QString shown = severity == u"error"_s     ? tr("error")
                          : severity == u"warning"_s ? tr("warning")
                          : severity == u"info"_s    ? tr("info")
                                                     : severity;
    auto *item = new QTreeWidgetItem({QTime::currentTime().toString(u"HH:mm:ss"_s), shown, host, text});
    item->setToolTip(LogText, text);
    if (severity == u"error"_s)
        item->setForeground(LogSeverity, AppPalette::errorColour(palette()));
    else if (severity == u"warning"_s)
        item->setForeground(LogSeverity, AppPalette::warningColour(palette()));
    m_log->addTopLevelItem(item);
    while (m_log->topLevelItemCount() > kMaxLogLines)
        delete m_log->takeTopLevelItem(0);
    m_log->scrollToBottom();
}

} // namespace wb::gui
