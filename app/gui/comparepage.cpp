// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparepage.h"

#include "historywindow.h"

#include "apppalette.h"
#include "runtext.h"

#include "analysis/comparisonreport.h"
#include "store/storeservice.h"

#include "result/metriccatalog.h"
#include "analysis/statistics.h"
#include "candidatelistmodel.h"
#include "chartview.h"
#include "offthreadrelease.h"
#include "comparisonreport.h"
#include "pngexportdialog.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCalendarWidget>
#include <QDateEdit>
#include <QScrollArea>
#include <QDoubleValidator>
#include <QFutureWatcher>
#include <QLineEdit>
#include <QListView>
#include <QProgressBar>
#include <QTimer>
#include <QtConcurrent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QRegularExpression>
#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb::gui {

using charts::releaseOffGuiThread;

namespace {

// A kind's name shown with the catalog's label: "udp_stream: throughput"
// reads "UDP stream: throughput"; a dataset that is no kind stays as named.
QString datasetText(const QString &name)
{
    const QString kind = name.section(u':', 0, 0);
    const QString label = testKindLabel(kind.trimmed());
    return label == kind.trimmed() ? name : label + name.mid(kind.size());
}

QComboBox *makeCombo(const QString &objectName)
{
    auto *c = new QComboBox;
    c->setObjectName(objectName);
    c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return c;
}

// The earliest date a filter offers; showing it means "any".
const QDate kOpenDate(1970, 1, 1);

// A date filter showing "any" sits on 1970-01-01; its calendar should open
// on this month instead.
class CalendarOpensToday : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *calendar = qobject_cast<QCalendarWidget *>(watched);
        if (calendar && event->type() == QEvent::Show && calendar->selectedDate() <= kOpenDate) {
            const QDate today = QDate::currentDate();
            calendar->setCurrentPage(today.year(), today.month());
        }
        return false;
    }
};

QDateEdit *makeDateEdit(const QString &objectName, const QString &anyText)
{
    auto *e = new QDateEdit;
    e->setObjectName(objectName);
    e->setCalendarPopup(true);
    e->setDisplayFormat(u"yyyy-MM-dd"_s);
    e->setMinimumDate(kOpenDate);
    e->setSpecialValueText(anyText);
    e->setDate(kOpenDate);
    e->calendarWidget()->installEventFilter(new CalendarOpensToday(e));
    return e;
}

} // namespace

ComparePage::ComparePage(QWidget *parent)
    : Page(tr("Compare"), tr("Results side by side and against historical baselines, one condition at a time, with confidence intervals and charts to export."), parent)
{
    buildUi();
    setProvider(nullptr);
}

ComparePage::~ComparePage()
{
    if (m_cancel)
        *m_cancel = true; // a running build stops early; its result is dropped
    // A build holds the store service: it must end here, not on a pool
    // thread after the program has let the service go (the service would
    // then be destroyed off its thread, under a closing application).
    // Cancelled first: waiting for a build that has not started would run
    // it on this thread; cancelled, it returns at once without building.
    const auto builds = findChildren<QFutureWatcherBase *>(Qt::FindDirectChildrenOnly);
    for (QFutureWatcherBase *build : builds)
        build->cancel();
    for (QFutureWatcherBase *build : builds)
        build->waitForFinished();
}

QIcon ComparePage::icon() const
{
    return style()->standardIcon(QStyle::SP_FileDialogContentsView);
}

void ComparePage::buildUi()
{
    m_origin = new QLabel;
    m_origin->setObjectName(u"dataOrigin"_s);
    m_origin->setWordWrap(true);
    m_origin->setStyleSheet(AppPalette::noticeStyleSheet(palette()));
    body()->addWidget(m_origin);

    m_dataset = makeCombo(u"datasetSelector"_s);
    m_kind = makeCombo(u"chartKindSelector"_s);
    m_groupBy = makeCombo(u"groupBySelector"_s);
    m_matrixSeries = makeCombo(u"matrixSeriesSelector"_s);
    m_reference = makeCombo(u"referenceSelector"_s);
    m_condition = makeCombo(u"conditionSelector"_s);
    m_condition->setToolTip(tr("The conditions the selection holds (kind, metric, side and the defining parameters); "
                               "one is shown at a time, never pooled"));
    m_condition->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_condition->setMinimumContentsLength(20);
    m_confidence = makeCombo(u"confidenceSelector"_s);
    for (double c : {0.90, 0.95, 0.99})
        m_confidence->addItem(tr("%1%").arg(c * 100, 0, 'g', 3), c);
    m_confidence->setCurrentIndex(1);
    m_reference->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_reference->setMinimumContentsLength(18);
    m_dataset->setMaximumWidth(320);
    m_dataset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_dataset->setMinimumContentsLength(16);
    // Long names (a chart kind, "send socket buffer") stay whole in the
    // lists, which open as wide as they need; the closed boxes never widen
    // the page past a 1100-pixel window.
    for (auto [box, chars] : {std::pair{m_kind, 13}, std::pair{m_groupBy, 10}, std::pair{m_matrixSeries, 10}}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(chars);
    }
    for (charts::ChartKind k : charts::allChartKinds())
        m_kind->addItem(charts::chartKindTitle(k), int(k));
    m_logScale = new QCheckBox(tr("&Log scale"));
    m_logScale->setObjectName(u"logScaleToggle"_s);
    m_logScale->setTristate(true);
    m_logScale->setCheckState(Qt::PartiallyChecked);
    m_logScale->setToolTip(tr("Value axis of bars and sweeps, latency axis of a CDF. Partly checked: log when the values span more than "
                              "two decades. Checked: always log. Unchecked: always linear."));

    auto label = [](const QString &text, QWidget *buddy) {
        auto *l = new QLabel(text);
        l->setBuddy(buddy);
        return l;
    };
    m_groupByLabel = label(tr("&Group by:"), m_groupBy);
    m_matrixSeriesLabel = label(tr("&Series:"), m_matrixSeries);

    // Export: one button with a menu; shortcuts work anywhere on the page.
    m_exportButton = new QToolButton;
    m_exportButton->setObjectName(u"exportButton"_s);
    m_exportButton->setText(tr("&Export"));
    m_exportButton->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_exportButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_exportButton);
    struct ExportEntry { charts::ExportFormat format; QString text; QKeySequence key; const char16_t *name; };
    const ExportEntry entries[] = {
        {charts::ExportFormat::Png, tr("Chart as &PNG…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), u"exportPng"},
        {charts::ExportFormat::Svg, tr("Chart as &SVG…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), u"exportSvg"},
        {charts::ExportFormat::Pdf, tr("Chart as P&DF…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), u"exportPdf"},
        {charts::ExportFormat::Csv, tr("Plotted points as &CSV…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), u"exportCsv"},
    };
    for (const ExportEntry &e : entries) {
        auto *a = new QAction(e.text, this);
        a->setObjectName(QString::fromUtf16(e.name));
        a->setShortcut(e.key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        const charts::ExportFormat format = e.format;
        connect(a, &QAction::triggered, this, [this, format] { onExportTriggered(format); });
        menu->addAction(a);
        addAction(a); // so the shortcut works while the page has focus
        m_exportActions.append(a);
    }
    menu->addSeparator();
    auto *report = new QAction(tr("Whole comparison as a &report (HTML or PDF)…"), this);
    report->setObjectName(u"exportReport"_s);
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    report->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(report, &QAction::triggered, this, &ComparePage::onReportTriggered);
    menu->addAction(report);
    addAction(report);
    m_exportButton->setMenu(menu);

    auto *controls = new QHBoxLayout;
    controls->addWidget(label(tr("&Data:"), m_dataset));
    controls->addWidget(m_dataset);
    controls->addSpacing(8);
    controls->addWidget(label(tr("&Chart:"), m_kind));
    controls->addWidget(m_kind);
    controls->addWidget(m_logScale);
    controls->addSpacing(8);
    controls->addWidget(m_groupByLabel);
    controls->addWidget(m_groupBy);
    controls->addWidget(m_matrixSeriesLabel);
    controls->addWidget(m_matrixSeries);
    controls->addStretch(1);
    m_busy = new QProgressBar;
    m_busy->setObjectName(u"buildBusy"_s);
    m_busy->setRange(0, 0); // busy indicator
    m_busy->setFixedWidth(48);
    m_busy->setMaximumHeight(m_exportButton->sizeHint().height() - 6);
    m_busy->setFormat(tr("Building…"));
    m_busy->setTextVisible(false);
    m_busy->setToolTip(tr("Building the comparison in the background"));
    m_busy->hide();
    controls->addWidget(m_busy);
    controls->addWidget(m_exportButton);
    body()->addLayout(controls);
    m_filterRow = buildFilterRow();
    body()->addWidget(m_filterRow);
    // The condition shown: its own row, as its label is long.
    auto *conditionRow = new QHBoxLayout;
    conditionRow->addWidget(label(tr("Co&ndition:"), m_condition));
    conditionRow->addWidget(m_condition, 1);
    body()->addLayout(conditionRow);

    m_chart = new charts::ChartView;
    m_chart->setObjectName(u"chartView"_s);

    auto *side = new QWidget;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(6, 0, 0, 0);
    m_candidatePanel = buildCandidatePanel();
    auto *refRow = new QHBoxLayout;
    refRow->addWidget(label(tr("&Reference:"), m_reference));
    refRow->addWidget(m_reference, 1);
    refRow->addWidget(label(tr("C&onfidence:"), m_confidence));
    refRow->addWidget(m_confidence);
    m_historyAction = new QAction(tr("&History…"), this);
    m_historyAction->setObjectName(u"showHistory"_s);
    m_historyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_historyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_historyAction->setToolTip(tr("The selected row's condition over time on its element: every run, the change "
                                   "points, the environment changes and the runs' tags (Ctrl+H)"));
    m_historyAction->setEnabled(false);
    connect(m_historyAction, &QAction::triggered, this, &ComparePage::showHistory);
    addAction(m_historyAction);
    auto *historyButton = new QToolButton;
    historyButton->setObjectName(u"historyButton"_s);
    historyButton->setDefaultAction(m_historyAction);
    refRow->addWidget(historyButton);
    sideLayout->addLayout(refRow);
    m_ratioModel = new QStandardItemModel(0, ColumnCount, this);
    m_ratioModel->setHorizontalHeaderLabels(
        {tr("Cell"), tr("Link"), tr("n"), tr("Mean [CI]"), tr("% of ceiling"), tr("Ratio [CI]"), tr("p"), tr("Verdict")});
    m_table = new QTableView;
    m_table->setObjectName(u"ratioTable"_s);
    m_table->setModel(m_ratioModel);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addAction(m_historyAction);
    m_table->setColumnHidden(VerdictColumn, true); // shown wrapped below the table instead
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    sideLayout->addWidget(m_table, 1);
    auto *legend = new QLabel(tr("Italic rows are historical baselines, one figure each. Repetitions of one condition "
                                 "are pooled: geometric mean with the t interval of the logarithms; ratio = cell / "
                                 "reference, a verdict only within one condition (docs/comparisons.md)."));
    legend->setWordWrap(true);
    legend->setForegroundRole(QPalette::PlaceholderText);
    QFont small = legend->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    legend->setFont(small);
    sideLayout->addWidget(legend);
    m_verdict = new QLabel;
    m_verdict->setObjectName(u"verdict"_s);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // The verdict, its warnings and the environment diff can run long: they
    // scroll, and share the height with the table rather than squeeze it.
    auto *verdictScroll = new QScrollArea;
    verdictScroll->setObjectName(u"verdictScroll"_s);
    verdictScroll->setWidgetResizable(true);
    verdictScroll->setFrameShape(QFrame::NoFrame);
    verdictScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verdictScroll->viewport()->setAutoFillBackground(false);
    verdictScroll->setWidget(m_verdict);
    verdictScroll->setMinimumHeight(m_verdict->fontMetrics().height() * 4);
    m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 6);
    sideLayout->addWidget(verdictScroll, 1);

    auto *sideSplitter = new QSplitter(Qt::Vertical);
    sideSplitter->setObjectName(u"compareSideSplitter"_s);
    sideSplitter->addWidget(m_candidatePanel);
    sideSplitter->addWidget(side);
    sideSplitter->setStretchFactor(0, 1);
    sideSplitter->setStretchFactor(1, 2);
    sideSplitter->setChildrenCollapsible(false);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setObjectName(u"compareSplitter"_s);
    splitter->addWidget(m_chart);
    splitter->addWidget(sideSplitter);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({780, 470});
    body()->addWidget(splitter, 1);

    m_status = new QLabel;
    m_status->setObjectName(u"exportStatus"_s);
    m_status->setWordWrap(true); // a long path or error wraps instead of widening the window
    m_status->setForegroundRole(QPalette::PlaceholderText);
    body()->addWidget(m_status);

    connect(m_dataset, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        if (!m_builder) {
            loadDataset(m_dataset->currentData().toString());
            return;
        }
        // Another kind: its own metric and candidates.
        m_updating = true;
        m_metric->clear();
        m_updating = false;
        m_candidateModel->setExcluded({});
        startBuild(false);
    });
    connect(m_logScale, &QCheckBox::stateChanged, this, &ComparePage::refresh);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        if (charts::ChartKind(m_kind->currentData().toInt()) == charts::ChartKind::HeatMap)
            refreshView(); // fills the matrix series
        else
            refresh();
    });
    connect(m_matrixSeries, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            refresh();
    });
    for (QComboBox *c : {m_groupBy, m_condition, m_reference, m_confidence}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this, c] {
            if (m_updating)
                return;
            if (c != m_reference)
                m_reference->setCurrentIndex(-1); // a new grouping or condition: its own newest cell
            refreshView();
        });
    }
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ComparePage::showSelectedVerdict);
}

void ComparePage::setProvider(ComparisonProvider *provider)
{
    if (provider && provider == m_provider && m_builder) {
        startBuild(true); // same database, new runs: keep the filter and selection
        return;
    }
    m_provider = provider;
    m_builder = m_provider ? m_provider->builder() : ComparisonProvider::Builder();
    m_origin->setText(m_provider ? m_provider->origin() : QString());
    m_origin->setVisible(m_provider && !m_provider->origin().isEmpty());
    m_filterRow->setVisible(bool(m_builder));
    m_candidatePanel->setVisible(bool(m_builder));
    if (m_builder) {
        // The kinds come with the first build, off the GUI thread.
        m_updating = true;
        m_dataset->clear();
        m_metric->clear();
        m_updating = false;
        m_candidateModel->setExcluded({});
        compareRuns({}); // back to the filter; builds with the kinds (the list is empty)
        return;
    }
    if (m_cancel)
        *m_cancel = true;
    ++m_generation; // a build still running for the previous provider is dropped
    m_pending = false;
    m_updating = true;
    m_dataset->clear();
    if (m_provider)
        addDatasets(m_provider->datasetNames());
    m_updating = false;
    m_dataset->setEnabled(m_dataset->count() > 1);
    if (m_provider) {
        loadDataset(m_dataset->currentData().toString());
        return;
    }
    m_status->setText(tr("Open a results database (File menu) to compare its runs and the shipped baselines."));
    ComparisonData empty;
    empty.title = tr("Nothing to compare");
    applyData(empty);
}

QWidget *ComparePage::buildFilterRow()
{
    auto *row = new QWidget;
    row->setObjectName(u"compareFilter"_s);
    auto *l = new QHBoxLayout(row);
    l->setContentsMargins(0, 0, 0, 0);
    m_metric = makeCombo(u"metricSelector"_s);
    m_metric->setToolTip(tr("The figure compared; the kind's key figure first"));
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metric->setMinimumContentsLength(12); // its list opens as wide as the longest name
    m_from = makeDateEdit(u"fromDate"_s, tr("any"));
    m_to = makeDateEdit(u"toDate"_s, tr("any"));
    m_from->setToolTip(tr("Runs started on or after this day (the first day: any). Baselines are never dropped by date."));
    m_to->setToolTip(tr("Runs started on or before this day (the first day: any)"));
    m_text = new QLineEdit;
    m_text->setObjectName(u"textFilter"_s);
    m_text->setPlaceholderText(tr("Host, NIC, switch or cable"));
    m_text->setClearButtonEnabled(true);
    m_text->setToolTip(tr("Keeps runs whose client, server, NIC, switch or cable contains this text"));
    m_text->setMinimumWidth(m_text->fontMetrics().horizontalAdvance(u"Host, NIC, switch"_s) + 30);
    m_tag = new QLineEdit;
    m_tag->setObjectName(u"tagFilter"_s);
    m_tag->setPlaceholderText(tr("Tag"));
    m_tag->setClearButtonEnabled(true);
    m_tag->setToolTip(tr("Keeps runs holding this tag (in any case); baselines stay beside them"));
    m_statusFilter = makeCombo(u"statusFilter"_s);
    m_statusFilter->addItem(statusText(runStatusName(RunStatus::Finished)), runStatusName(RunStatus::Finished));
    m_statusFilter->addItem(tr("any status"), QString());
    for (RunStatus st : {RunStatus::Failed, RunStatus::Cancelled})
        m_statusFilter->addItem(statusText(runStatusName(st)), runStatusName(st));
    m_size = new QLineEdit;
    m_size->setObjectName(u"sizeFilter"_s);
    m_size->setPlaceholderText(tr("any size"));
    m_size->setValidator(new QDoubleValidator(0, 1e12, 0, m_size));
    m_size->setMaximumWidth(m_size->fontMetrics().horizontalAdvance(u"0000000000"_s) + 24);
    m_size->setToolTip(tr("Message, request, frame or file size in bytes"));
    auto label = [](const QString &text, QWidget *buddy) {
        auto *lb = new QLabel(text);
        lb->setBuddy(buddy);
        return lb;
    };
    l->addWidget(label(tr("&Metric:"), m_metric));
    l->addWidget(m_metric);
    l->addSpacing(4);
    l->addWidget(label(tr("&From:"), m_from));
    l->addWidget(m_from);
    l->addWidget(label(tr("&To:"), m_to));
    l->addWidget(m_to);
    l->addSpacing(4);
    l->addWidget(m_text, 2);
    l->addWidget(m_tag, 1);
    l->addWidget(label(tr("S&tatus:"), m_statusFilter));
    l->addWidget(m_statusFilter);
    l->addWidget(label(tr("Si&ze (B):"), m_size));
    l->addWidget(m_size);

    m_buildDelay = new QTimer(this);
    m_buildDelay->setSingleShot(true);
    m_buildDelay->setInterval(250);
    connect(m_buildDelay, &QTimer::timeout, this, [this] { startBuild(false); });
    connect(m_metric, &QComboBox::currentIndexChanged, this, &ComparePage::scheduleBuild);
    connect(m_statusFilter, &QComboBox::currentIndexChanged, this, &ComparePage::scheduleBuild);
    connect(m_from, &QDateEdit::dateChanged, this, &ComparePage::scheduleBuild);
    connect(m_to, &QDateEdit::dateChanged, this, &ComparePage::scheduleBuild);
    connect(m_text, &QLineEdit::textChanged, this, &ComparePage::scheduleBuild);
    connect(m_tag, &QLineEdit::textChanged, this, &ComparePage::scheduleBuild);
    connect(m_size, &QLineEdit::textChanged, this, &ComparePage::scheduleBuild);
    row->hide();
    return row;
}

QWidget *ComparePage::buildCandidatePanel()
{
    auto *panel = new QWidget;
    panel->setObjectName(u"candidatePanel"_s);
    auto *l = new QVBoxLayout(panel);
    l->setContentsMargins(6, 0, 0, 0);
    m_picked = new QLabel;
    m_picked->setObjectName(u"pickedRuns"_s);
    m_picked->setWordWrap(true);
    m_clearPicked = new QToolButton;
    m_clearPicked->setObjectName(u"clearPicked"_s);
    m_clearPicked->setText(tr("Back to the filter"));
    connect(m_clearPicked, &QToolButton::clicked, this, [this] { compareRuns({}); });
    auto *pickedRow = new QHBoxLayout;
    pickedRow->addWidget(m_picked, 1);
    pickedRow->addWidget(m_clearPicked);
    l->addLayout(pickedRow);
    m_picked->hide();
    m_clearPicked->hide();

    auto *head = new QHBoxLayout;
    m_selectionSummary = new QLabel;
    m_selectionSummary->setObjectName(u"selectionSummary"_s);
    m_selectionSummary->setWordWrap(true);
    head->addWidget(m_selectionSummary, 1);
    auto *all = new QToolButton;
    all->setObjectName(u"checkAll"_s);
    all->setText(tr("All"));
    all->setToolTip(tr("Compare every run and baseline the filter matched"));
    auto *none = new QToolButton;
    none->setObjectName(u"checkNone"_s);
    none->setText(tr("None"));
    none->setToolTip(tr("Uncheck everything, then check what to compare"));
    connect(all, &QToolButton::clicked, this, [this] { setAllCandidates(true); });
    connect(none, &QToolButton::clicked, this, [this] { setAllCandidates(false); });
    head->addWidget(all);
    head->addWidget(none);
    l->addLayout(head);
    m_candidateModel = new CandidateListModel(this);
    m_candidates = new QListView;
    m_candidates->setObjectName(u"candidateList"_s);
    m_candidates->setModel(m_candidateModel);
    m_candidates->setUniformItemSizes(true);
    m_candidates->setTextElideMode(Qt::ElideMiddle); // the full line is in the tooltip
    m_candidates->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_candidates->setToolTip(tr("Uncheck a run or baseline to leave it out of the chart, the table and the report"));
    connect(m_candidateModel, &CandidateListModel::checkToggled, this, &ComparePage::onCandidateToggled);
    l->addWidget(m_candidates, 1);
    panel->hide();
    return panel;
}

void ComparePage::scheduleBuild()
{
    if (!m_updating && m_builder)
        m_buildDelay->start();
}

void ComparePage::rebuild()
{
    if (!m_builder)
        return;
    m_buildDelay->stop();
    startBuild(false);
}

ComparisonSelection ComparePage::selection() const
{
    ComparisonSelection sel;
    if (m_pickedRuns.isEmpty())
        sel.kind = datasetKind(m_dataset->currentIndex());
    sel.metric = m_metric->currentData().toString();
    if (m_from->date() > kOpenDate)
        sel.from = m_from->date();
    if (m_to->date() > kOpenDate)
        sel.to = m_to->date();
    sel.text = m_text->text().trimmed();
    sel.tag = m_tag->text().trimmed();
    const QString status = m_statusFilter->currentData().toString();
    sel.status = status.isEmpty() ? std::nullopt : runStatusFromName(status);
    sel.messageSize = m_size->text().toDouble();
    sel.runIds = m_pickedRuns;
    sel.experiment = m_experiment;
    if (!m_experiment.isEmpty()) {
        // The experiment's runs of whatever date, text or size; stored ones.
        sel.from = sel.to = QDate();
        sel.text.clear();
        sel.tag.clear();
        sel.messageSize = 0;
    }
    sel.excluded = m_candidateModel->excluded();
    return sel;
}

void ComparePage::setFilter(const ComparisonSelection &filter)
{
    m_updating = true;
    if (!filter.kind.isEmpty())
        for (int i = 0; i < m_dataset->count(); ++i)
            if (datasetKind(i) == filter.kind)
                m_dataset->setCurrentIndex(i);
    m_metric->clear();
    if (!filter.metric.isEmpty())
        m_metric->addItem(filter.metric, filter.metric);
    m_from->setDate(filter.from.isValid() ? filter.from : kOpenDate);
    m_to->setDate(filter.to.isValid() ? filter.to : kOpenDate);
    m_text->setText(filter.text);
    m_tag->setText(filter.tag);
    const QString status = filter.status ? runStatusName(*filter.status) : QString();
    for (int i = 0; i < m_statusFilter->count(); ++i)
        if (m_statusFilter->itemData(i).toString() == status)
            m_statusFilter->setCurrentIndex(i);
    m_size->setText(filter.messageSize > 0 ? QString::number(filter.messageSize, 'f', 0) : QString());
    m_updating = false;
    m_candidateModel->setExcluded(filter.excluded);
    rebuild();
}

void ComparePage::compareRuns(const QList<qint64> &runIds)
{
    if (!m_builder) {
        m_status->setText(tr("Open a results database (File menu) to compare its runs."));
        return;
    }
    m_pickedRuns = runIds;
    m_experiment.clear();
    m_candidateModel->setExcluded({});
    m_updating = true;
    m_metric->clear();
    m_updating = false;
    const bool picked = !runIds.isEmpty();
    m_picked->setText(tr("Comparing the %n run(s) picked on the Results page.", "",
                         int(runIds.size())));
    m_picked->setVisible(picked);
    m_clearPicked->setVisible(picked);
    for (QWidget *w : std::initializer_list<QWidget *>{m_from, m_to, m_text, m_tag, m_statusFilter, m_size, m_dataset})
        w->setEnabled(!picked);
    startBuild(false);
}

void ComparePage::compareExperiment(const QString &planRunId, const QString &kind)
{
    if (!m_builder) {
        m_status->setText(tr("Open a results database (File menu) to compare its runs."));
        return;
    }
    m_pickedRuns.clear();
    m_experiment = planRunId;
    m_candidateModel->setExcluded({});
    m_updating = true;
    m_metric->clear();
    for (int i = 0; i < m_dataset->count(); ++i)
        if (datasetKind(i) == kind)
            m_dataset->setCurrentIndex(i);
    if (datasetKind(m_dataset->currentIndex()) != kind) {
        m_dataset->insertItem(0, datasetText(kind), kind);
        m_dataset->setCurrentIndex(0);
    }
    m_updating = false;
    m_picked->setText(tr("Comparing the arms of the A/B experiment of plan run %1: its runs only, by arm.")
                          .arg(planRunId));
    m_picked->setVisible(true);
    m_clearPicked->setVisible(true);
    // The kind stays a choice: an experiment's tests may be of several kinds.
    for (QWidget *w : std::initializer_list<QWidget *>{m_from, m_to, m_text, m_tag, m_statusFilter, m_size})
        w->setEnabled(false);
    m_dataset->setEnabled(true);
    startBuild(false);
}

void ComparePage::startBuild(bool wantKinds)
{
    if (!m_builder)
        return;
    m_buildDelay->stop();
    ++m_generation; // whatever runs now is stale
    m_busy->show();
    if (m_cancel)
        *m_cancel = true; // the running build stops early and is dropped
    if (m_running > 0) {
        // One build at a time, so the GUI thread keeps a core: the newest
        // request starts as soon as the running one has stopped.
        m_pending = true;
        m_pendingKinds = m_pendingKinds || wantKinds;
        return;
    }
    launchBuild(wantKinds);
}

void ComparePage::launchBuild(bool wantKinds)
{
    if (!m_builder) {
        m_busy->hide();
        return;
    }
    m_cancel = std::make_shared<std::atomic_bool>(false);
    ComparisonSelection sel = selection();
    sel.wantKinds = wantKinds || m_dataset->count() == 0;
    const quint64 generation = m_generation;
    ++m_running;
    // The engine's view is made on the worker too, for the grouping,
    // condition, reference and confidence the page shows now.
    const ComparisonRequest request = currentRequest();
    struct Built
    {
        ComparisonBuild build;
        std::optional<ComparisonView> view;
        std::optional<ComparisonData> chart;
    };
    auto *watcher = new QFutureWatcher<Built>(this);
    connect(watcher, &QFutureWatcher<Built>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_running;
        if (m_pending) {
            m_pending = false;
            launchBuild(std::exchange(m_pendingKinds, false));
            return; // a newer filter or selection asked meanwhile: this one is dropped
        }
        m_busy->hide();
        if (generation != m_generation)
            return;
        const Built built = watcher->result();
        applyBuild(built.build, built.view, built.chart);
    });
    // The grouping the page will show (applyData's rule): the user's, unless
    // the data asks for another default (an experiment's runs: by arm).
    watcher->setFuture(QtConcurrent::run([builder = m_builder, sel, cancel = m_cancel, request,
                                          previousDefault = m_data.defaultGroupBy]() -> Built {
        ComparisonBuild b = builder(sel, cancel.get());
        std::optional<ComparisonView> view;
        if (b.data && !b.cancelled) {
            ComparisonRequest r = request;
            if (!b.data->dimensions.contains(r.groupBy) || b.data->defaultGroupBy != previousDefault)
                r.groupBy = b.data->defaultGroupBy;
            view = buildComparisonView(*b.data, r);
        }
        std::optional<ComparisonData> chart;
        if (view)
            chart = view->chartData(*b.data);
        return {std::move(b), std::move(view), std::move(chart)};
    }));
}

void ComparePage::applyBuild(const ComparisonBuild &build, std::optional<ComparisonView> view,
                             std::optional<ComparisonData> chart)
{
    if (build.cancelled)
        return;
    m_updating = true;
    if (!build.kinds.isEmpty()) {
        const QString previous = m_dataset->currentText();
        m_dataset->clear();
        addDatasets(build.kinds);
        m_dataset->setEnabled(m_dataset->count() > 1 && m_pickedRuns.isEmpty());
    }
    // Show the kind the build compared (a hand-picked set decides its own).
    for (int i = 0; i < m_dataset->count(); ++i)
        if (datasetKind(i) == build.kind)
            m_dataset->setCurrentIndex(i);
    m_metric->clear();
    for (const QString &metric : build.metrics) {
        // The catalog's description, in the window's language; a metric the
        // catalog does not know shows in its own name.
        const QString text = findMetric(metric) ? metricDisplay(metric).description : metric;
        m_metric->addItem(text, metric);
        m_metric->setItemData(m_metric->count() - 1, metric, Qt::ToolTipRole);
    }
    m_metric->setCurrentIndex(std::max(0, m_metric->findData(build.metric)));
    m_metric->setEnabled(m_metric->count() > 1);
    // One reset for the whole list; the old one is released on a worker.
    releaseOffGuiThread(m_candidateModel->setCandidates(build.candidates));
    m_updating = false;
    updateSelectionSummary();
    if (build.data) {
        m_status->clear();
        applyData(*build.data, std::move(view), std::move(chart));
    } else {
        m_status->setText(build.error);
        ComparisonData empty;
        empty.title = tr("Nothing to compare");
        applyData(empty);
    }
    emit comparisonBuilt();
}

void ComparePage::onCandidateToggled()
{
    if (m_updating)
        return;
    updateSelectionSummary();
    scheduleBuild();
}

void ComparePage::setAllCandidates(bool checked)
{
    m_candidateModel->setAllChecked(checked);
    updateSelectionSummary();
    scheduleBuild();
}

void ComparePage::updateSelectionSummary()
{
    m_selectionSummary->setText(tr("%1 of %2 runs and baselines compared")
                                    .arg(m_candidateModel->checkedCount())
                                    .arg(m_candidateModel->rowCount()));
}

void ComparePage::changeEvent(QEvent *event)
{
    Page::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) // the banner follows a dark palette
        m_origin->setStyleSheet(AppPalette::noticeStyleSheet(palette()));
}

void ComparePage::addDatasets(const QStringList &names)
{
    for (const QString &name : names)
        m_dataset->addItem(datasetText(name), name);
}

QString ComparePage::datasetKind(int index) const
{
    return m_dataset->itemData(index).toString().section(u':', 0, 0).trimmed();
}

void ComparePage::loadDataset(const QString &name)
{
    if (!m_provider)
        return;
    QString error;
    const std::optional<ComparisonData> d = m_provider->dataset(name, &error);
    if (!d) {
        m_status->setText(error);
        return;
    }
    m_status->clear();
    applyData(*d);
}

void ComparePage::setData(const ComparisonData &data)
{
    // Data handed in directly is not the provider's: say what it is.
    m_updating = true;
    m_dataset->clear();
    m_dataset->addItem(data.title.isEmpty() ? tr("(comparison)") : data.title, data.title);
    m_dataset->setEnabled(false);
    m_updating = false;
    m_origin->setText(data.description);
    m_origin->setVisible(!data.description.isEmpty());
    applyData(data);
}

void ComparePage::applyData(const ComparisonData &data, std::optional<ComparisonView> view,
                            std::optional<ComparisonData> chart)
{
    ComparisonData copy = data;
    const QString previousDefault = m_data.defaultGroupBy;
    releaseOffGuiThread(std::exchange(m_data, std::move(copy)));
    m_updating = true;
    // Chart kinds without data stay listed but disabled, with the reason.
    auto *kindModel = qobject_cast<QStandardItemModel *>(m_kind->model());
    int firstAvailable = -1;
    for (int i = 0; i < m_kind->count(); ++i) {
        const auto kind = charts::ChartKind(m_kind->itemData(i).toInt());
        const bool available = kindAvailable(kind);
        if (QStandardItem *item = kindModel ? kindModel->item(i) : nullptr) {
            item->setEnabled(available);
            item->setToolTip(available ? QString() : tr("This dataset has nothing to draw as %1").arg(m_kind->itemText(i)));
        }
        if (available && firstAvailable < 0)
            firstAvailable = i;
    }
    const auto currentKind = charts::ChartKind(m_kind->currentData().toInt());
    if (!kindAvailable(currentKind) && firstAvailable >= 0)
        m_kind->setCurrentIndex(firstAvailable);

    const QString previousGroup = m_groupBy->currentData().toString();
    m_groupBy->clear();
    for (const QString &dim : std::as_const(m_data.dimensions))
        m_groupBy->addItem(dimensionDisplay(dim), dim);
    // The user's grouping stays while the data's default does; new data
    // with another default (an experiment's runs: by arm) gets that one.
    const int g = m_data.defaultGroupBy == previousDefault ? int(m_data.dimensions.indexOf(previousGroup)) : -1;
    m_groupBy->setCurrentIndex(g >= 0 ? g : std::max(0, int(m_data.dimensions.indexOf(m_data.defaultGroupBy))));


    const int c = m_confidence->findData(m_data.confidence);
    if (c >= 0)
        m_confidence->setCurrentIndex(c);
    m_updating = false;
    // The worker's view stands when it was made for what the page now asks.
    const ComparisonRequest asked = currentRequest();
    if (view && view->groupBy == asked.groupBy && view->confidence == asked.confidence)
        refreshView(std::move(view), std::move(chart));
    else
        refreshView();
}

ComparisonData ComparePage::chartData(charts::ChartOptions &options) const
{
    if (options.kind != charts::ChartKind::HeatMap)
        return m_chartCache ? *m_chartCache : m_view.chartData(m_data);
    return heatMapChartData(m_data, m_view, &options.matrixPanels);
}

charts::ChartOptions ComparePage::currentOptions() const
{
    charts::ChartOptions o;
    o.kind = charts::ChartKind(m_kind->currentData().toInt());
    o.groupBy = m_groupBy->currentData().toString();
    o.matrixSeries = m_matrixSeries->currentText();
    if (m_logScale->checkState() != Qt::PartiallyChecked)
        o.logScale = m_logScale->checkState() == Qt::Checked;
    return o;
}

ComparisonRequest ComparePage::currentRequest() const
{
    ComparisonRequest request;
    request.groupBy = m_groupBy->currentData().toString();
    request.conditionKey = m_condition->currentData().toString();
    request.reference = m_reference->currentIndex() >= 0 ? m_reference->currentText() : QString();
    request.confidence = m_confidence->currentData().toDouble();
    return request;
}

void ComparePage::refreshView(std::optional<ComparisonView> precomputed, std::optional<ComparisonData> chart)
{
    releaseOffGuiThread(std::exchange(m_chartCache, precomputed ? std::move(chart) : std::nullopt));
    releaseOffGuiThread(std::exchange(m_view, precomputed ? std::move(*precomputed) : buildComparisonView(m_data, currentRequest())));
    m_updating = true;
    m_condition->clear();
    for (const ConditionEntry &c : std::as_const(m_view.conditions)) {
        m_condition->addItem(tr("%1 (%2 runs, %3 baselines)").arg(c.shown).arg(c.runs).arg(c.baselines), c.key);
        m_condition->setItemData(m_condition->count() - 1, c.shown, Qt::ToolTipRole);
    }
    m_condition->setCurrentIndex(m_view.condition);
    m_condition->setEnabled(m_condition->count() > 1);
    m_reference->clear();
    for (const EngineCell &cell : std::as_const(m_view.cells))
        m_reference->addItem(cell.label);
    m_reference->setCurrentIndex(m_view.reference);
    // The heat map's matrices: the measured runs and each baseline source
    // (only worked out while a heat map is shown).
    if (charts::ChartKind(m_kind->currentData().toInt()) == charts::ChartKind::HeatMap) {
        const QString previousSeries = m_matrixSeries->currentText();
        m_matrixSeries->clear();
        m_matrixSeries->addItems(m_view.heatMapData(m_data).attributeValues(u"origin"_s));
        if (const int i = m_matrixSeries->findText(previousSeries); i >= 0)
            m_matrixSeries->setCurrentIndex(i);
    }
    m_updating = false;
    refresh();
}

QString ComparePage::sweepDimension() const
{
    // The first defining parameter the data can be swept along: one whose
    // values are numbers (message, file or frame size).
    if (m_data.observations.isEmpty() || !m_data.observations.first().condition)
        return {};
    const QString kind = m_data.observations.first().condition->kind;
    static const QRegularExpression number(u"^[0-9]"_s);
    for (const QString &dim : m_data.dimensions) {
        if (!definingParameterByLabel(kind, dim))
            continue;
        int numeric = 0;
        for (const QString &v : m_data.attributeValues(dim))
            numeric += number.match(v).hasMatch();
        if (numeric >= 2)
            return dim;
    }
    return {};
}

bool ComparePage::kindAvailable(charts::ChartKind kind) const
{
    if (kind == charts::ChartKind::Sweep)
        return !m_data.sweeps.isEmpty() || !sweepDimension().isEmpty();
    return charts::chartKindAvailable(m_data, kind);
}

void ComparePage::refresh()
{
    charts::ChartOptions o = currentOptions();
    if (o.kind == charts::ChartKind::Sweep && !m_view.isSweep() && m_data.sweeps.isEmpty()) {
        // A sweep is along a parameter: group by the first one there is.
        if (const int i = m_groupBy->findData(sweepDimension()); i >= 0 && i != m_groupBy->currentIndex()) {
            m_updating = true;
            m_groupBy->setCurrentIndex(i);
            m_reference->setCurrentIndex(-1);
            m_updating = false;
            refreshView(); // comes back here grouped along it
            return;
        }
    }
    const bool bars = o.kind == charts::ChartKind::Bars;
    const bool matrix = o.kind == charts::ChartKind::HeatMap;
    const bool grouped = bars || o.kind == charts::ChartKind::Sweep;
    const bool series = matrix && m_matrixSeries->count() > 0;
    const std::pair<QWidget *, bool> controls[] = {
        {m_groupBy, grouped},
        {m_groupByLabel, grouped},
        {m_logScale, bars || o.kind == charts::ChartKind::Sweep || o.kind == charts::ChartKind::LatencyCdf},
        {m_matrixSeries, series},
        {m_matrixSeriesLabel, series}};
    // Hidden first, then shown: the row never holds both the grouping and
    // the heat map's series at once, which would widen the window for good.
    for (const auto &[widget, visible] : controls)
        if (!visible)
            widget->hide();
    for (const auto &[widget, visible] : controls)
        if (visible)
            widget->show();
    m_chart->setChart(chartData(o), o);
    refreshTable();
}

void ComparePage::refreshTable()
{
    m_ratioModel->removeRows(0, m_ratioModel->rowCount());
    m_comparisons.clear();
    if (m_view.reference < 0) {
        m_verdict->clear();
        return;
    }
    const bool dark = m_table->palette().color(QPalette::Base).lightness() < 128; // lighter reds and greens
    for (const EngineRow &r : std::as_const(m_view.rows)) {
        const EngineCell &cell = m_view.cells[r.cell];
        m_comparisons.append(r.comparison);
        QList<QStandardItem *> row{new QStandardItem(cell.label),
                                   new QStandardItem(cell.link.shortLabel()),
                                   new QStandardItem(QString::number(cell.estimate.n)),
                                   new QStandardItem(meanText(cell.estimate)),
                                   new QStandardItem(ceilingText(r)),
                                   new QStandardItem(ratioText(r)),
                                   new QStandardItem(pValueText(r)),
                                   new QStandardItem(r.verdict)};
        const QString tip = r.verdict + u"\n"_s + tr("Condition: %1").arg(cell.condition.displayLabel()) + u"\n"_s
            + (cell.baseline ? tr("Historical baseline: %1") : tr("Source: %1")).arg(cell.sources.join(u"; "_s))
            + u"\n"_s + tr("Link: %1").arg(cell.link.label());
        for (QStandardItem *item : row)
            item->setToolTip(tip);
        for (int c : {int(CountColumn), int(MeanColumn), int(CeilingColumn)})
            row[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont f = row[GroupColumn]->font();
        f.setBold(r.reference);
        f.setItalic(cell.baseline);
        row[GroupColumn]->setFont(f);
        if (!r.comparable)
            for (QStandardItem *item : row)
                item->setForeground(m_table->palette().color(QPalette::PlaceholderText));
        if (r.aboveCeiling)
            row[CeilingColumn]->setForeground(dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xb3, 0x26, 0x1e));
        const GroupComparison &c = r.comparison;
        if (!r.reference && r.comparable && c.testable && c.significant
            && metricPolarity(m_data.metric) != MetricPolarity::Neutral) {
            const bool better = (metricPolarity(m_data.metric) == MetricPolarity::HigherIsBetter) == (c.ratio > 1);
            row[RatioColumn]->setForeground(dark ? (better ? QColor(0x5f, 0xd3, 0x7f) : QColor(0xff, 0x7b, 0x72))
                                                 : (better ? QColor(0x1a, 0x7f, 0x37) : QColor(0xb3, 0x26, 0x1e)));
        }
        m_ratioModel->appendRow(row);
    }
    m_ratioModel->setHeaderData(MeanColumn, Qt::Horizontal,
                                tr("Mean [%1% CI] (%2)").arg(m_view.confidence * 100, 0, 'g', 3).arg(m_data.unit));
    m_table->resizeColumnsToContents();
    // Long labels are elided in the middle rather than pushing the ratio
    // off the side; the full text is in the tooltip.
    m_table->setColumnWidth(GroupColumn, std::min(m_table->columnWidth(GroupColumn), 230));
    m_table->selectRow(m_view.reference == 0 && m_view.rows.size() > 1 ? 1 : 0);
    showSelectedVerdict();
}

void ComparePage::showSelectedVerdict()
{
    const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    const bool measured = row >= 0 && row < m_view.rows.size() && !m_view.cells[m_view.rows[row].cell].runIds.isEmpty();
    m_historyAction->setEnabled(measured && m_provider && m_provider->service());
    if (row < 0 || row >= m_view.rows.size()) {
        m_verdict->setText(m_view.notes.join(u"\n"_s));
        return;
    }
    const EngineRow &r = m_view.rows[row];
    QString text = r.verdict;
    text += u"\n"_s + tr("Condition: %1").arg(m_view.cells[r.cell].condition.displayLabel());
    // What else differs, field by field: kernel, driver, link, NIC, switch, cable.
    for (const CellEnvironmentDiff &e : m_view.environmentDiffs(m_data, r.cell)) {
        const QStringList lines = e.describe();
        if (!lines.isEmpty())
            text += tr("\nAgainst %1:\n• %2").arg(e.reference, lines.join(u"\n• "_s));
    }
    for (const QString &note : std::as_const(m_view.notes))
        text += u"\n"_s + tr("Note: %1").arg(note);
    m_verdict->setText(text);
}

HistoryWindow *ComparePage::showHistory()
{
    const int row = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    const auto service = m_provider ? m_provider->service() : nullptr;
    if (row < 0 || row >= m_view.rows.size() || !service)
        return nullptr;
    const EngineCell &cell = m_view.cells[m_view.rows[row].cell];
    // The row's newest run: the elements it crossed are the ones offered.
    qint64 newest = 0;
    QDateTime newestAt;
    for (int member : cell.members) {
        const Observation &o = m_data.observations.value(member);
        if (o.runId && (!newest || o.startedAt > newestAt)) {
            newest = o.runId;
            newestAt = o.startedAt;
        }
    }
    if (!newest && !cell.runIds.isEmpty())
        newest = cell.runIds.last();
    if (!newest)
        return nullptr;
    std::optional<HistoryElement> preferred;
    if (m_view.groupBy == u"switch"_s)
        preferred = HistoryElement{HistoryElement::Type::Switch, cell.category, {}};
    else if (m_view.groupBy == u"cable"_s)
        preferred = HistoryElement{HistoryElement::Type::Cable, cell.category, {}};
    else if (m_view.groupBy == u"NIC"_s)
        preferred = HistoryElement{HistoryElement::Type::Nic, cell.category, {}};
    if (!m_history)
        m_history = new HistoryWindow(service, this);
    m_history->showHistory(cell.condition, newest, m_view.confidence, preferred);
    m_history->show();
    m_history->raise();
    m_history->activateWindow();
    return m_history;
}

QAction *ComparePage::exportAction(charts::ExportFormat format) const
{
    return m_exportActions.value(int(format));
}

bool ComparePage::exportChart(charts::ExportFormat format, const QString &path, QString *error)
{
    QCustomPlot &plot = *m_chart->plot();
    // Files are printed and pasted into reports: light whatever the screen uses.
    charts::ChartBuilder::applyPalette(plot, charts::ChartBuilder::printPalette());
    const charts::ChartContent &content = m_chart->content();
    bool ok = false;
    switch (format) {
    case charts::ExportFormat::Png:
        ok = charts::ChartExporter::savePng(plot, path, m_exportSettings.size, m_exportSettings.dpi, error);
        break;
    case charts::ExportFormat::Svg:
        ok = charts::ChartExporter::saveSvg(plot, path, m_exportSettings.size, content.caption, error);
        break;
    case charts::ExportFormat::Pdf:
        ok = charts::ChartExporter::savePdf(plot, path, m_exportSettings.size, m_data.title, error);
        break;
    case charts::ExportFormat::Csv:
        ok = charts::ChartExporter::saveCsv(content.plotted(), path, error);
        break;
    }
    charts::ChartOptions options = currentOptions();
    m_chart->setChart(chartData(options), options); // export lays the plot out at its own size
    return ok;
}

bool ComparePage::exportReport(const QString &path, QString *error)
{
    QList<ReportSection> sections;
    if (const auto service = m_provider ? m_provider->service() : nullptr) {
        auto read = service
                        ->read([view = m_view, data = m_data](ResultStore &store) -> StoreResult<QList<ReportSection>> {
                            return comparisonReportSections(view, data, &store);
                        })
                        .result();
        if (!read) {
            if (error)
                *error = read.error().message;
            return false;
        }
        sections = *read;
    } else {
        sections = comparisonReportSections(m_view, m_data, nullptr);
    }
    return writeReport(path, sections, error);
}

bool ComparePage::writeReport(const QString &path, const QList<charts::ReportSection> &sections, QString *error)
{
    charts::ChartOptions options = currentOptions();
    const ComparisonData data = chartData(options);
    const bool ok = charts::ComparisonReport::write(data, options, sections, path, error);
    m_chart->setChart(data, options);
    return ok;
}

void ComparePage::onReportTriggered()
{
    // The runs' inventory and environments come from the database on a
    // reader of the store service; the chart is drawn here once they are in.
    auto finish = [this](const QString &path) {
        const auto service = m_provider ? m_provider->service() : nullptr;
        if (!service) {
            writeReportFinished(path, comparisonReportSections(m_view, m_data, nullptr));
            return;
        }
        m_status->setText(tr("Collecting the runs' inventory and environments…"));
        m_busy->show();
        service->read([view = m_view, data = m_data](ResultStore &store) -> StoreResult<QList<ReportSection>> {
                   return comparisonReportSections(view, data, &store);
               })
            .then(this, [this, path](const StoreResult<QList<ReportSection>> &sections) {
                m_busy->setVisible(isBuilding());
                if (!sections) {
                    m_status->setText(sections.error().message);
                    emit exportFailed(sections.error().message);
                    return;
                }
                writeReportFinished(path, *sections);
            });
    };
    if (!m_nextExportPath.isEmpty()) {
        finish(std::exchange(m_nextExportPath, QString()));
        return;
    }
    auto *dialog = new QFileDialog(this, tr("Export the comparison report"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(u"pdf"_s);
    dialog->setNameFilters({tr("PDF report (*.pdf)"), tr("HTML report (*.html)")});
    dialog->selectFile(u"comparison-report.pdf"_s);
    connect(dialog, &QFileDialog::fileSelected, this, finish);
    dialog->open();
}

void ComparePage::writeReportFinished(const QString &path, const QList<charts::ReportSection> &sections)
{
    {
        QString error;
        if (writeReport(path, sections, &error)) {
            m_status->setText(tr("Exported %1").arg(path));
            emit exported(path);
        } else {
            m_status->setText(error);
            emit exportFailed(error);
        }
    }
}

void ComparePage::onExportTriggered(charts::ExportFormat format)
{
    auto finish = [this, format](const QString &path) {
        QString error;
        if (exportChart(format, path, &error)) {
            m_status->setText(tr("Exported %1").arg(path));
            emit exported(path);
        } else {
            m_status->setText(error);
            emit exportFailed(error);
        }
    };
    if (!m_nextExportPath.isEmpty()) {
        const QString path = std::exchange(m_nextExportPath, QString());
        finish(path);
        return;
    }
    const QString suffix = charts::ChartExporter::suffix(format);
    auto askPath = [this, suffix, finish] {
        auto *dialog = new QFileDialog(this, tr("Export chart"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(suffix);
        dialog->setNameFilter(tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
        QString base = m_data.title.isEmpty() ? u"comparison"_s : m_data.title;
        base.replace(QRegularExpression(u"[^A-Za-z0-9_-]+"_s), u"-"_s);
        dialog->selectFile(base.left(60) + u'.' + suffix);
        connect(dialog, &QFileDialog::fileSelected, this, finish);
        dialog->open();
    };
    if (format != charts::ExportFormat::Png) {
        askPath();
        return;
    }
    auto *sizeDialog = new PngExportDialog(m_exportSettings, this);
    sizeDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(sizeDialog, &QDialog::accepted, this, [this, sizeDialog, askPath] {
        m_exportSettings = sizeDialog->settings();
        askPath();
    });
    sizeDialog->open();
}

} // namespace wb::gui
