// SPDX-License-Identifier: GPL-3.0-or-later
#include "rundetailview.h"

#include "analysis/droptimeline.h"
#include "analysis/environmentfacts.h"
#include "apppalette.h"
#include "dropschart.h"
#include "filedialog.h"
#include "analysis/rrultimeline.h"
#include "rrulchart.h"
#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "result/streamfigure.h"
#include "runtext.h"
#include "samplesplot.h"
#include "tablewindow.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "qcustomplotinclude.h"

#include <algorithm>
#include <functional>

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

constexpr QChar kUnknown = u'—';

// One row of the environment table: what each end reported, or one value
// for the whole path. The rows a comparison turns on come first: host, NIC,
// driver, link, MTU, cable, switch; then the machine; offloads last.
struct EnvironmentRow
{
    QString field;
    QString client;
    QString server;
    bool wholePath = false;
};

// The interface a run's traffic used at one end: the NIC its endpoint
// names, or else the one holding the address the plan gave that host.
QJsonObject testInterface(const StoredRun &run, bool client)
{
    const QJsonObject env = client ? run.clientEnvironment : run.serverEnvironment;
    const QString endpoint = client ? run.clientEndpoint : run.serverEndpoint;
    const QString nic = endpoint.section(u'/', 1);
    QString address;
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        if (e.value(u"role"_s).toString() == (client ? u"client_host"_s : u"server_host"_s))
            address = e.value(u"attrs"_s).toObject().value(u"address"_s).toString();
    }
    for (const QJsonValue &v : env.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        if (!nic.isEmpty() ? i.value(u"name"_s).toString() == nic
                           : !address.isEmpty() && i.value(u"addresses"_s).toArray().contains(address))
            return i;
    }
    return {};
}

QString linkText(const QJsonObject &iface)
{
    QStringList parts;
    if (iface.contains(u"speed_mbps"_s)) {
        const double mbps = iface.value(u"speed_mbps"_s).toDouble();
        parts << (mbps >= 1000 ? u"%1 Gbit/s"_s.arg(mbps / 1000, 0, 'g', 4) : u"%1 Mbit/s"_s.arg(mbps, 0, 'g', 4));
    }
    const QString duplex = iface.value(u"duplex"_s).toString();
    if (!duplex.isEmpty() && duplex != u"unknown"_s)
        parts << QObject::tr("%1 duplex").arg(duplex);
    return parts.join(u", "_s);
}

QString offloadsText(const QJsonObject &offloads)
{
    QStringList on, off;
    for (auto it = offloads.begin(); it != offloads.end(); ++it)
        (it->toBool() ? on : off) << it.key().replace(u'_', u' ');
    QStringList parts;
    if (!on.isEmpty())
        parts << QObject::tr("on: %1").arg(on.join(u", "_s));
    if (!off.isEmpty())
        parts << QObject::tr("off: %1").arg(off.join(u", "_s));
    return parts.join(u"; "_s);
}

QString interfaceText(const QJsonObject &iface)
{
    const QString name = iface.value(u"name"_s).toString();
    QStringList addresses;
    for (const QJsonValue &a : iface.value(u"addresses"_s).toArray())
        if (!a.toString().startsWith(u"fe80:"_s)) // link-local: the same on every lab
            addresses << a.toString();
    return addresses.isEmpty() ? name : u"%1 (%2)"_s.arg(name, addresses.join(u", "_s));
}

// NIC → cable → switch → … → NIC as the inventory snapshot has it.
QString pathText(const QJsonArray &path)
{
    QStringList hops;
    for (const QJsonValue &v : path) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(u"type"_s).toString();
        const QJsonObject a = e.value(u"attrs"_s).toObject();
        if (type == u"host"_s)
            continue; // the table's first row names the hosts
        if (type == u"cable"_s && a.value(u"length_m"_s).isDouble())
            hops << QObject::tr("%1 m cable").arg(a.value(u"length_m"_s).toDouble(), 0, 'g', 4);
        else
            hops << e.value(u"key"_s).toString();
    }
    return hops.join(u" → "_s);
}

QList<EnvironmentRow> environmentRows(const StoredRun &run)
{
    const EnvironmentFacts facts = environmentFactsOfRun(run);
    const QJsonObject env[2] = {run.clientEnvironment, run.serverEnvironment};
    const QJsonObject iface[2] = {testInterface(run, true), testInterface(run, false)};
    auto fact = [&](int side, const QString &what) {
        return facts.value((side == 0 ? u"client "_s : u"server "_s) + what);
    };
    QList<EnvironmentRow> rows;
    auto add = [&rows](const QString &field, const std::function<QString(int)> &value) {
        EnvironmentRow r{field, value(0).trimmed(), value(1).trimmed()};
        if (!r.client.isEmpty() || !r.server.isEmpty())
            rows.append(r);
    };
    add(QObject::tr("Host"), [&](int side) { return (side == 0 ? run.clientEndpoint : run.serverEndpoint).section(u'/', 0, 0); });
    add(QObject::tr("Machine name"), [&](int side) { return env[side].value(u"host"_s).toString(); });
    add(QObject::tr("Interface"), [&](int side) { return interfaceText(iface[side]); });
    add(QObject::tr("NIC"), [&](int side) { return fact(side, u"NIC"_s); });
    add(QObject::tr("Driver"), [&](int side) { return fact(side, u"driver"_s) + u' ' + fact(side, u"driver version"_s); });
    add(QObject::tr("Link"), [&](int side) { return linkText(iface[side]); });
    add(QObject::tr("MTU"), [&](int side) {
        return iface[side].contains(u"mtu"_s) ? QString::number(iface[side].value(u"mtu"_s).toInt()) : QString();
    });
    add(QObject::tr("Cable"), [&](int side) { return fact(side, u"cable"_s); });
    if (const QString sw = facts.value(u"switch"_s); !sw.isEmpty())
        rows.append({QObject::tr("Switch"), sw, sw, true});
    if (const QString path = pathText(run.inventoryPath); !path.isEmpty())
        rows.append({QObject::tr("Path"), path, path, true});
    add(QObject::tr("Kernel"), [&](int side) { return fact(side, u"OS"_s) + u' ' + fact(side, u"kernel"_s); });
    add(QObject::tr("Kernel build"), [&](int side) { return env[side].value(u"kernel_version"_s).toString(); });
    add(QObject::tr("CPU"), [&](int side) {
        const QString model = fact(side, u"CPU"_s);
        const int cpus = env[side].value(u"cpus"_s).toInt();
        return cpus > 0 ? QObject::tr("%1 (%n CPUs)", nullptr, cpus).arg(model.isEmpty() ? QObject::tr("unknown model") : model)
                        : model;
    });
    add(QObject::tr("Architecture"), [&](int side) { return env[side].value(u"arch"_s).toString(); });
    add(QObject::tr("Memory"), [&](int side) {
        const double bytes = env[side].value(u"memory_bytes"_s).toDouble();
        return bytes > 0 ? u"%1 GiB"_s.arg(bytes / 1073741824.0, 0, 'f', 1) : QString();
    });
    add(QObject::tr("Offloads"), [&](int side) { return offloadsText(iface[side].value(u"offloads"_s).toObject()); });
    add(QObject::tr("MAC address"), [&](int side) { return iface[side].value(u"mac"_s).toString(); });
    return rows;
}

} // namespace

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent),
      m_summary(new QLabel),
      m_tabs(new QTabWidget),
      m_metrics(new QTableWidget(0, 4)),
      m_environment(new QTableWidget(0, 3)),
      m_streams(new QTableWidget(0, 6)),
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
    m_metrics->setAccessibleName(tr("Metrics of the selected run"));
    m_metrics->setHorizontalHeaderLabels({tr("Metric"), tr("Side"), tr("Value"), tr("Unit")});
    m_metrics->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_metrics->horizontalHeader()->setStretchLastSection(true);
    m_metrics->verticalHeader()->hide();
    m_metrics->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metrics->setSortingEnabled(true);
    m_tabs->addTab(m_metrics, tr("Metrics"));

    m_environment->setObjectName(u"runEnvironment"_s);
    m_environment->setHorizontalHeaderLabels({tr("Field"), tr("Client"), tr("Server")});
    m_environment->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_environment->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_environment->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_environment->verticalHeader()->hide();
    m_environment->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_environment->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_environment->setWordWrap(false);
    m_tabs->addTab(m_environment, tr("Environment"));

    m_streams->setObjectName(u"runStreams"_s);
    m_streams->setHorizontalHeaderLabels(
        {tr("Stream"), tr("Direction"), tr("Side"), tr("Role"), tr("Bytes"), tr("Throughput")});
    m_streams->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_streams->horizontalHeader()->setStretchLastSection(true);
    m_streams->verticalHeader()->hide();
    m_streams->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_streams, tr("Streams"));

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

bool RunDetailView::streamsTabShown() const
{
    return m_tabs->isTabVisible(m_tabs->indexOf(m_streams));
}

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
    m_environment->setRowCount(0);
    m_streams->setRowCount(0);
    m_tabs->setTabVisible(m_tabs->indexOf(m_streams), false);
    m_plan->clear();
    m_plot->clearGraphs();
    m_plot->replot();
    showDrops(nullptr);
    showRrul(nullptr);
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
    m_drops->setAccessibleName(tr("Drops over time"));
    charts::offerTable(m_drops);
    m_drops->setAccessibleDescription(m_drops->toolTip()); // the chart in words
    m_tabs->insertTab(m_tabs->indexOf(m_plot) + 1, m_drops, tr("Drops over time"));
}

// The export size of the three panels: taller than the comparison charts.
const charts::ExportSettings kRrulExport{QSize(1200, 1200), 150};

void RunDetailView::showRrul(const StoredRun *run)
{
    if (m_rrul) {
        m_tabs->removeTab(m_tabs->indexOf(m_rrul));
        delete m_rrul;
        m_rrul = nullptr;
        m_rrulPlot = nullptr;
    }
    if (!run || run->record.kind != u"rrul"_s)
        return;
    const RrulTimeline timeline = RrulTimeline::fromRecord(run->record);
    m_rrul = new QWidget;
    m_rrul->setObjectName(u"runRrul"_s);
    auto *layout = new QVBoxLayout(m_rrul);
    layout->setContentsMargins(0, 0, 0, 0);
    m_rrulPlot = new QCustomPlot;
    m_rrulPlot->setObjectName(u"runRrulPlot"_s);
    m_rrulPlot->setMinimumHeight(420);
    charts::RrulChart::build(*m_rrulPlot, timeline, tr("Latency under load"));
    m_rrulPlot->setToolTip(timeline.describe().join(u'\n'));
    m_rrulPlot->setAccessibleName(tr("Latency under load"));
    charts::offerTable(m_rrulPlot);
    m_rrulPlot->setAccessibleDescription(m_rrulPlot->toolTip()); // the chart in words
    layout->addWidget(m_rrulPlot, 1);
    auto *exportButton = new QPushButton(tr("Export chart…"));
    exportButton->setObjectName(u"rrulExport"_s);
    exportButton->setToolTip(tr("Save this chart as PNG, PDF or SVG, or its plotted points as CSV"));
    connect(exportButton, &QPushButton::clicked, this, &RunDetailView::onExportRrul);
    layout->addWidget(exportButton, 0, Qt::AlignRight);
    m_tabs->insertTab(m_tabs->indexOf(m_plot) + 1, m_rrul, tr("Latency under load"));
}

bool RunDetailView::exportRrulChart(const QString &path, QString *error) const
{
    if (!m_run || m_run->record.kind != u"rrul"_s) {
        *error = tr("the run shown is not an rrul run");
        return false;
    }
    const auto format = charts::ChartExporter::formatFromPath(path);
    if (!format) {
        *error = tr("%1: use a .png, .pdf, .svg or .csv file").arg(path);
        return false;
    }
    return charts::RrulChart::exportChart(RrulTimeline::fromRecord(m_run->record), tr("Latency under load"), *format,
                                          path, kRrulExport, error);
}

void RunDetailView::onExportRrul()
{
    const QString path = FileDialog::saveFile(this, tr("Export chart"), QString(),
                                              tr("PNG image (*.png);;PDF (*.pdf);;SVG (*.svg);;Plotted points (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportRrulChart(path, &error))
        emit chartExported(path);
    else
        emit chartExportFailed(error);
}

void RunDetailView::fill(const StoredRun &run)
{
    const KeyFigure key = keyFigure(run.record);
    QString summary = u"<b>%1</b> — %2 → %3 — %4 — %5"_s.arg(
        run.testCase.isEmpty() ? testKindLabel(run.record.kind).toHtmlEscaped()
                               : testCaseTitle(run.testCase).toHtmlEscaped(),
        run.clientEndpoint.toHtmlEscaped(),
        run.serverEndpoint.toHtmlEscaped(), statusText(runStatusName(run.status)),
        QLocale::system().toString(run.startedAt.toLocalTime(), QLocale::ShortFormat));
    if (key.valid)
        summary += u"<br>%1"_s.arg(key.text.toHtmlEscaped());
    if (const QString params = joinParameters(runParameters(run.record.params, run.record.kind), true); !params.isEmpty())
        summary += u"<br>%1"_s.arg(params.toHtmlEscaped());
    if (!run.error.isEmpty())
        summary += u"<br><span style='color:%1'>%2</span>"_s.arg(AppPalette::errorColour(palette()).name(), run.error.toHtmlEscaped());
    for (const QString &w : run.warnings())
        summary += u"<br><span style='color:%1'>⚠ %2</span>"_s.arg(AppPalette::warningColour(palette()).name(),
                                                                 w.toHtmlEscaped());
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
        const QString description = known == catalog.end() ? QString() : metricDisplay(m.name).description;
        name->setToolTip(tr("%1 — %2\nstored as %3 %4").arg(m.name, description).arg(m.value, 0, 'g', 10).arg(m.unit));
        m_metrics->setItem(i, 0, name);
        m_metrics->setItem(i, 1, new QTableWidgetItem(m.side == u"client"_s   ? tr("client")
                                                      : m.side == u"server"_s ? tr("server")
                                                                              : m.side));
        auto *value = new SortedItem(t.value, t.displayed);
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setToolTip(name->toolTip());
        m_metrics->setItem(i, 2, value);
        m_metrics->setItem(i, 3, new QTableWidgetItem(t.unit));
    }
    m_metrics->setSortingEnabled(true);
    m_metrics->sortItems(0, Qt::AscendingOrder);

    // Both ends side by side, a field per row.
    m_environment->setHorizontalHeaderLabels({tr("Field"), tr("Client — %1").arg(run.clientEndpoint),
                                              tr("Server — %1").arg(run.serverEndpoint)});
    const QList<EnvironmentRow> rows = environmentRows(run);
    m_environment->clearSpans();
    m_environment->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        const EnvironmentRow &r = rows[i];
        auto *field = new QTableWidgetItem(r.field);
        QFont bold = field->font();
        bold.setBold(true);
        field->setFont(bold);
        m_environment->setItem(i, 0, field);
        auto cell = [](const QString &text) {
            auto *item = new QTableWidgetItem(text.isEmpty() ? QString(kUnknown) : text);
            item->setToolTip(text.isEmpty() ? QObject::tr("not reported by this end") : text);
            return item;
        };
        m_environment->setItem(i, 1, cell(r.client));
        if (r.wholePath) {
            m_environment->setSpan(i, 1, 1, 2);
        } else {
            m_environment->setItem(i, 2, cell(r.server));
        }
    }
    if (rows.size() <= 1) {
        m_environment->setRowCount(int(rows.size()) + 1);
        m_environment->setItem(int(rows.size()), 0, new QTableWidgetItem(tr("Environment")));
        m_environment->setItem(int(rows.size()), 1, new QTableWidgetItem(tr("not recorded (an imported run, or an agent that did not report it)")));
        m_environment->setSpan(int(rows.size()), 1, 1, 2);
    }

    // Each stream as its end measured it (several streams, or another direction).
    const QList<StreamFigure> streams = streamFigures(run.record);
    m_streams->setRowCount(int(streams.size()));
    for (int i = 0; i < streams.size(); ++i) {
        const StreamFigure &f = streams.at(i);
        const QString direction = f.direction == u"reverse"_s ? tr("server → client") : tr("client → server");
        const QStringList cells{QString::number(f.stream), direction, f.side, f.role, QLocale().toString(f.bytes, 'f', 0),
                                formatBitRate(f.throughputBps)};
        for (int c = 0; c < cells.size(); ++c)
            m_streams->setItem(i, c, new QTableWidgetItem(cells.at(c)));
    }
    m_tabs->setTabVisible(m_tabs->indexOf(m_streams), !streams.isEmpty());

    const QJsonObject plan = run.record.extra.value(u"plan"_s).toObject();
    m_plan->setPlainText(plan.isEmpty() ? tr("This run was not made by a plan (imported or saved directly).")
                                        : prettyJson(plan));

    SamplesPlot::show(m_plot, run.record.kind, run.record.samples);
    showDrops(&run);
    showRrul(&run);
}

} // namespace wb::gui
