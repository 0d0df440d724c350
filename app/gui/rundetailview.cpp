// SPDX-License-Identifier: GPL-3.0-or-later
#include "rundetailview.h"

#include "analysis/droptimeline.h"
#include "apppalette.h"
#include "dropschart.h"
#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "runtext.h"
#include "samplesplot.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "plotinclude.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

RunLoad loaded(qint64 id, const StoreResult<StoredRun> &run)
{
    RunLoad out;
    out.id = id;
    if (!run)
        out.error = run.error().message;
    else
        out.run = *run;
    return out;
}

QString prettyJson(const QJsonObject &o)
{
    return o.isEmpty() ? QObject::tr("(not recorded)") : QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
}

// A table cell that sorts by a key of its own (a number, a catalog
// position) rather than by its text.
class SortedItem : public QTableWidgetItem
{
public:
    SortedItem(const QString &text, const QVariant &key) : QTableWidgetItem(text) { setData(Qt::UserRole, key); }
    bool operator<(const QTableWidgetItem &other) const override
    {
        return QVariant::compare(data(Qt::UserRole), other.data(Qt::UserRole)) == QPartialOrdering::Less;
    }
};

} // namespace

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent),
      m_summary(new QLabel),
      m_tabs(new QTabWidget),
      m_metrics(new QTableWidget(0, 4)),
      m_environment(new QPlainTextEdit),
      m_plot(new QCustomPlot),
      m_plan(new QPlainTextEdit)
{
    setObjectName(u"runDetail"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(u"runSummary"_s);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);

    m_metrics->setObjectName(u"runMetrics"_s);
    m_metrics->setHorizontalHeaderLabels({tr("Metric"), tr("Side"), tr("Value"), tr("Unit")});
    m_metrics->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_metrics->horizontalHeader()->setStretchLastSection(true);
    m_metrics->verticalHeader()->hide();
    m_metrics->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metrics->setSortingEnabled(true);
    m_tabs->addTab(m_metrics, tr("Metrics"));

    m_environment->setReadOnly(true);
    m_environment->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_environment->setObjectName(u"runEnvironment"_s);
    m_tabs->addTab(m_environment, tr("Environment"));

    m_plot->setObjectName(u"runSamples"_s);
    m_plot->setMinimumHeight(160);
    SamplesPlot::setUp(m_plot);
    m_tabs->addTab(m_plot, tr("Samples"));

    m_plan->setReadOnly(true);
    m_plan->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_plan->setObjectName(u"runPlan"_s);
    m_tabs->addTab(m_plan, tr("Plan"));

    connect(&m_watcher, &QFutureWatcher<RunLoad>::finished, this, &RunDetailView::handleLoaded);
    clear();
}

// A run still loading is dropped: its continuation belongs to this view.
RunDetailView::~RunDetailView() = default;

void RunDetailView::showRun(qint64 id)
{
    m_wanted = id;
    if (id == 0 || !m_store) {
        clear();
        return;
    }
    if (!m_watcher.isRunning())
        m_watcher.setFuture(m_store->read([id](ResultStore &store) { return store.runs().run(id, true); })
                                .then(this, [id](const StoreResult<StoredRun> &run) { return loaded(id, run); }));
    // else: handleLoaded() asks again for the newest id.
}

void RunDetailView::handleLoaded()
{
    const RunLoad load = m_watcher.result();
    if (load.id != m_wanted) {
        showRun(m_wanted);
        return;
    }
    if (!load.run) {
        clear();
        m_summary->setText(tr("Could not read run %1: %2. Press F5 to reload the list; if the database "
                              "was replaced, reopen it.")
                               .arg(load.id)
                               .arg(load.error));
        emit loadFailed(load.error);
        return;
    }
    m_run = load.run;
    fill(*m_run);
    emit runShown(load.id);
}

void RunDetailView::clear()
{
    m_run.reset();
    m_summary->setText(tr("Select a run to see all its metrics, both ends' environment, its samples and "
                          "the plan that made it."));
    m_metrics->setRowCount(0);
    m_environment->clear();
    m_plan->clear();
    m_plot->clearGraphs();
    m_plot->replot();
    showDrops(nullptr);
}

void RunDetailView::showDrops(const StoredRun *run)
{
    if (m_drops) {
        m_tabs->removeTab(m_tabs->indexOf(m_drops));
        delete m_drops;
        m_drops = nullptr;
    }
    if (!run)
        return;
    const DropTimeline timeline = DropTimeline::fromRecord(run->record);
    if (timeline.isEmpty())
        return;
    m_drops = new QCustomPlot;
    m_drops->setObjectName(u"runDrops"_s);
    m_drops->setMinimumHeight(160);
    charts::DropsChart::build(*m_drops, timeline, tr("Drops over time"));
    m_drops->setToolTip(timeline.describe().join(u'\n'));
    m_tabs->insertTab(m_tabs->indexOf(m_plot) + 1, m_drops, tr("Drops over time"));
}

void RunDetailView::fill(const StoredRun &run)
{
    const KeyFigure key = keyFigure(run.record);
    QString summary = u"<b>%1</b> — %2 → %3 — %4 — %5"_s.arg(
        run.testCase.isEmpty() ? run.record.kind : run.testCase.toHtmlEscaped(), run.clientEndpoint.toHtmlEscaped(),
        run.serverEndpoint.toHtmlEscaped(), runStatusName(run.status),
        QLocale().toString(run.startedAt.toLocalTime(), QLocale::ShortFormat));
    if (key.valid)
        summary += u"<br>%1"_s.arg(key.text.toHtmlEscaped());
    if (!run.error.isEmpty())
        summary += u"<br><span style='color:%1'>%2</span>"_s.arg(AppPalette::errorColour(palette()).name(), run.error.toHtmlEscaped());
    m_summary->setText(summary);

    // Metrics in catalog order (key figures first), values in their display
    // units; the stored SI value and the canonical name in the tooltip.
    m_metrics->setSortingEnabled(false);
    m_metrics->setRowCount(int(run.record.metrics.size()));
    const QList<MetricInfo> &catalog = metricCatalog();
    for (int i = 0; i < run.record.metrics.size(); ++i) {
        const Metric &m = run.record.metrics.at(i);
        const MetricText t = metricText(m);
        const auto known = std::find_if(catalog.begin(), catalog.end(), [&](const MetricInfo &c) { return c.name == m.name; });
        const int position = known == catalog.end() ? int(catalog.size()) : int(known - catalog.begin());
        const int sideRank = m.side == u"client"_s ? 0 : m.side == u"server"_s ? 1 : 2;
        auto *name = new SortedItem(t.label, u"%1 %2 %3"_s.arg(position, 4, 10, QChar(u'0')).arg(sideRank).arg(m.name));
        const QString description = known == catalog.end() ? QString() : known->description;
        name->setToolTip(tr("%1 — %2\nstored as %3 %4").arg(m.name, description).arg(m.value, 0, 'g', 10).arg(m.unit));
        m_metrics->setItem(i, 0, name);
        m_metrics->setItem(i, 1, new QTableWidgetItem(m.side));
        auto *value = new SortedItem(t.value, t.displayed);
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setToolTip(name->toolTip());
        m_metrics->setItem(i, 2, value);
        m_metrics->setItem(i, 3, new QTableWidgetItem(t.unit));
    }
    m_metrics->setSortingEnabled(true);
    m_metrics->sortItems(0, Qt::AscendingOrder);

    QString env = tr("Client (%1)\n").arg(run.clientEndpoint) + prettyJson(run.clientEnvironment) +
                  tr("\nServer (%1)\n").arg(run.serverEndpoint) + prettyJson(run.serverEnvironment);
    if (!run.inventoryPath.isEmpty())
        env += tr("\nInventory path\n") +
               QString::fromUtf8(QJsonDocument(run.inventoryPath).toJson(QJsonDocument::Indented));
    m_environment->setPlainText(env);

    const QJsonObject plan = run.record.extra.value(u"plan"_s).toObject();
    m_plan->setPlainText(plan.isEmpty() ? tr("This run was not made by a plan (imported or saved directly).")
                                        : prettyJson(plan));

    SamplesPlot::show(m_plot, run.record.kind, run.record.samples);
    showDrops(&run);
}

} // namespace wb::gui
