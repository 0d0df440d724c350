// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartbuilder.h"

#include "categoryorder.h"
#include "legendnote.h"
#include "legendrow.h"
#include "wrappedtextelement.h"

#include "result/condition.h"
#include "result/metriccatalog.h"
#include "analysis/comparisondata.h"
#include "analysis/groupcomparison.h"
#include "analysis/statistics.h"

#include "qcustomplotinclude.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <numeric>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr qsizetype kDenseSeriesPoints = 20000;

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::ChartBuilder)
};

constexpr int kCaptionRunRanges = 40;    // run-id ranges named in a caption
constexpr int kCaptionOtherSources = 30; // citations named in a caption

QColor seriesColor(int i)
{
    static const QColor kPalette[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                      QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
                                      QColor(0x9c, 0x75, 0x5f), QColor(0xff, 0x9d, 0xa7), QColor(0xba, 0xb0, 0xac)};
    return kPalette[i % int(std::size(kPalette))];
}

const QColor kCeilingColor(0xd6, 0x27, 0x28);
const QColor kCeilingColorOnDark(0xff, 0x6b, 0x6b);

QString num(double v)
{
    if (std::isnan(v))
        return QString();
    const double a = std::fabs(v);
    if (a != 0 && (a < 0.01 || a >= 1e7))
        return QString::number(v, 'g', 4);
    return QString::number(v, 'f', a >= 100 ? 1 : (a >= 1 ? 2 : 3));
}

// Full precision for CSV: spreadsheets should get the exact plotted value.
QString exact(double v)
{
    return std::isnan(v) ? QString() : QString::number(v, 'g', 10);
}

QString humanMetric(const QString &metric)
{
    return metricDisplay(metric).label;
}

QString metricLabel(const ComparisonData &d)
{
    const QString name = humanMetric(d.metric);
    return d.unit.isEmpty() ? name : u"%1 (%2)"_s.arg(name, d.unit);
}

// More than two decades between the smallest and the largest positive
// value: a linear axis would flatten the small ones to nothing.
constexpr double kLogSpan = 100;
// Sizes spanning this much go on a log axis: 1-byte and 64 KB both readable.
constexpr double kLogSizeSpan = 50;
// A bar chart's linear value axis reaches at most this many times its
// tallest bar, however far an interval goes.
constexpr double kIntervalCutFactor = 4;
// A % label is about this share of a bar chart's value axis high.
constexpr double kPctLabelShare = 0.06;

// Whether a value axis over `values` is logarithmic: as asked, or when the
// positive values span more than two decades and none is negative (a log
// axis cannot show those).
bool logAxisFor(const QList<double> &values, std::optional<bool> choice)
{
    if (choice)
        return *choice;
    double lo = std::numeric_limits<double>::max();
    double hi = 0;
    for (double v : values) {
        if (std::isnan(v))
            continue;
        if (v < 0)
            return false;
        if (v > 0) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    return hi > 0 && hi / lo > kLogSpan;
}

// A log axis from a little below the smallest positive value (so it still
// shows as a bar) to `top`.
void setLogAxis(QCPAxis *axis, const QList<double> &values, double top)
{
    double lo = std::numeric_limits<double>::max();
    for (double v : values)
        if (v > 0)
            lo = std::min(lo, v);
    if (lo == std::numeric_limits<double>::max())
        lo = 1;
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->setNumberFormat(u"gb"_s);
    axis->grid()->setSubGridVisible(true);
    const double bottom = lo / 2.5;
    axis->setRange(bottom, std::max(top, bottom * 10));
}

QString logLabel(const QString &label)
{
    return Tr::tr("%1, log scale").arg(label);
}

void setupLayout(QCustomPlot &plot, const ComparisonData &data, const ChartOptions &options, const QString &subtitle)
{
    plot.setBackground(Qt::white);
    auto *layout = plot.plotLayout();
    layout->insertRow(0);
    QString titleText = data.title.isEmpty() ? Tr::tr("Comparison") : data.title;
    if (!subtitle.isEmpty())
        titleText += u" — "_s + subtitle;
    auto *title = new WrappedTextElement(&plot, titleText, QFont(plot.font().family(), 11, QFont::Bold));
    title->setObjectName(u"chartTitle"_s);
    title->setMargins(QMargins(8, 4, 8, 2));
    layout->addElement(0, 0, title);
    // The legend gets its own row under the title so it never hides data.
    // QCPLayoutGrid caps a column at the smallest maximum width of its
    // elements, and a legend's maximum is its content: wrapped in a grid
    // with empty side cells it is centred and no longer narrows the chart.
    // That row also picks how many entries go side by side at each width.
    plot.axisRect()->insetLayout()->take(plot.legend);
    layout->insertRow(1);
    auto *legendRow = new LegendRow(plot.legend);
    legendRow->setObjectName(u"legendRow"_s);
    layout->addElement(1, 0, legendRow);
    legendRow->expandTo(1, 3);
    legendRow->addElement(0, 1, plot.legend);
    plot.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot.legend->setWrap(4);
    plot.legend->setBorderPen(Qt::NoPen);
    plot.legend->setFont(QFont(plot.font().family(), 8));
    plot.legend->setMargins(QMargins(4, 0, 4, 0));
    plot.legend->setVisible(true);
    layout->setRowStretchFactor(0, 0.001);
    layout->setRowStretchFactor(1, 0.001);
    if (options.caption) {
        const int row = layout->rowCount();
        layout->insertRow(row);
        // The text comes once the chart knows its axes (build()).
        auto *cap = new WrappedTextElement(&plot, QString(), QFont(plot.font().family(), 7));
        cap->setObjectName(u"chartCaption"_s);
        cap->setTextColor(QColor(0x55, 0x55, 0x55));
        cap->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
        cap->setMargins(QMargins(8, 2, 8, 4));
        layout->addElement(row, 0, cap);
        layout->setRowStretchFactor(row, 0.001);
    }
    for (QCPAxis *axis : {plot.xAxis, plot.yAxis}) {
        axis->setLabelFont(QFont(plot.font().family(), 9));
        axis->setTickLabelFont(QFont(plot.font().family(), 8));
        axis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::DotLine));
    }
}

void addEmptyNote(QCustomPlot &plot, const QString &text)
{
    auto *note = new QCPItemText(&plot);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setText(text);
    note->setColor(Qt::gray);
    plot.xAxis->setTicks(false);
    plot.yAxis->setTicks(false);
}

QString joinSources(const QStringList &s)
{
    return s.join(u"; "_s);
}

// ---- bars -------------------------------------------------------------------

// What a bar chart lays out: its cells in axis order, the categories and
// series along the axis (numbers in numeric order), and every value drawn
// as a bar or a baseline marker (what decides a log axis).
struct BarPlan
{
    QString groupBy;
    QList<ComparisonCell> cells;
    QStringList categories;
    QStringList seriesNames;
    QList<double> values;
};

BarPlan planBars(const ComparisonData &d, const ChartOptions &o)
{
    BarPlan p;
    p.groupBy = o.groupBy.isEmpty() ? d.defaultGroupBy : o.groupBy;
    p.cells = d.cells(p.groupBy);
    for (const ComparisonCell &c : std::as_const(p.cells)) {
        if (!p.categories.contains(c.category))
            p.categories.append(c.category);
        if (!p.seriesNames.contains(c.series))
            p.seriesNames.append(c.series);
    }
    p.categories = orderCategories(p.categories);
    p.seriesNames = orderCategories(p.seriesNames);
    // Keys ascend within each series: QCPBars wants them sorted, and the
    // hover texts and error bars go by data index.
    QHash<QString, int> categoryIndex, seriesIndex;
    for (int i = 0; i < p.categories.size(); ++i)
        categoryIndex.insert(p.categories[i], i);
    for (int i = 0; i < p.seriesNames.size(); ++i)
        seriesIndex.insert(p.seriesNames[i], i);
    std::stable_sort(p.cells.begin(), p.cells.end(), [&](const ComparisonCell &a, const ComparisonCell &b) {
        return std::pair(categoryIndex.value(a.category), seriesIndex.value(a.series))
            < std::pair(categoryIndex.value(b.category), seriesIndex.value(b.series));
    });
    for (const ComparisonCell &c : std::as_const(p.cells)) {
        if (!c.comparableValues().isEmpty())
            p.values.append(stats::summarize(c.comparableValues(), d.confidence).mean);
        if (!c.values.isEmpty() && !c.baselineValues.isEmpty())
            p.values.append(stats::summarize(c.baselineValues).mean);
    }
    return p;
}

// Hover text for each point of a line graph: `text(key, value)` for the
// point under the pointer.
void hoverPoints(ChartContent &out, QCPGraph *g, std::function<QString(double key, double value)> text)
{
    out.hover.insert(g, [g, text = std::move(text)](int index, double, double) {
        if (index < 0 || index >= g->data()->size())
            return QString();
        const auto it = g->data()->at(index);
        return text(it->key, it->value);
    });
}

void buildBars(QCustomPlot &plot, const ComparisonData &d, const ChartOptions &o, ChartContent &out)
{
    const BarPlan plan = planBars(d, o);
    const QString &groupBy = plan.groupBy;
    const QList<ComparisonCell> &cells = plan.cells;
    const QStringList &categories = plan.categories;
    const QStringList &seriesNames = plan.seriesNames;
    const bool log = logAxisFor(plan.values, o.logScale);
    out.logValueAxis = log;
    out.table.header = {u"group"_s, u"series"_s, u"kind"_s, u"n"_s, u"mean"_s, u"ci_low"_s, u"ci_high"_s,
                        u"ceiling"_s, u"pct_of_ceiling"_s, u"unit"_s, u"sources"_s};
    if (cells.isEmpty()) {
        addEmptyNote(plot, Tr::tr("No observations to draw."));
        return;
    }
    const int nSeries = int(seriesNames.size());
    const double groupWidth = 0.8;
    const double barWidth = groupWidth / nSeries;
    auto keyOf = [&](const ComparisonCell &c) {
        const int i = int(categories.indexOf(c.category));
        const int j = int(seriesNames.indexOf(c.series));
        return i + 1 + (j - (nSeries - 1) / 2.0) * barWidth;
    };

    double yMax = 0;
    double meanMax = 0; // the tallest bar, without its interval
    double yMin = 0;
    int pctLabels = 0;
    // Each % label with the height it stands on and its bar's ceiling: placed
    // once the axis range is known, so none sits on a ceiling dash.
    struct PctLabel
    {
        QCPItemText *item;
        double y;
        double ceiling;
    };
    QList<PctLabel> pctItems;
    QVector<double> ceilingKeys;
    QVector<double> ceilingValues;
    const double confidence = d.confidence;

    for (int j = 0; j < nSeries; ++j) {
        for (int kind = 0; kind < 2; ++kind) { // 0 measured, 1 baseline-only
            QVector<double> keys, values, errorsBelow, errorsAbove;
            QList<ComparisonCell> plotted; // copies: the hover text outlives `cells`
            for (const ComparisonCell &c : cells) {
                if (c.series != seriesNames[j])
                    continue;
                const bool isBaselineBar = c.baselineOnly();
                if ((kind == 1) != isBaselineBar || c.comparableValues().isEmpty())
                    continue;
                // The interval every front end shows (analysis/statistics.h):
                // the logarithms' t interval for positive figures, none for one.
                const stats::MeanEstimate s = stats::estimateMean(c.comparableValues(), confidence);
                keys.append(keyOf(c));
                values.append(s.mean);
                errorsBelow.append(s.hasInterval() ? s.mean - s.low : kNaN);
                errorsAbove.append(s.hasInterval() ? s.high - s.mean : kNaN);
                plotted.append(c);
                const double top = s.hasInterval() ? s.high : s.mean;
                yMax = std::max(yMax, top);
                meanMax = std::max(meanMax, s.mean);
                yMin = std::min(yMin, s.hasInterval() ? s.low : s.mean);
                const double pct = c.ceiling > 0 ? 100.0 * s.mean / c.ceiling : kNaN;
                out.table.rows.append({c.category, c.series, isBaselineBar ? u"baseline"_s : u"measured"_s,
                                       QString::number(s.n), exact(s.mean),
                                       s.hasInterval() ? exact(s.low) : QString(),
                                       s.hasInterval() ? exact(s.high) : QString(),
                                       c.ceiling > 0 ? exact(c.ceiling) : QString(), exact(pct), d.unit,
                                       joinSources(c.comparableSources())});
                // A bar of zero height, or one a log axis cannot show, has
                // nothing to label.
                const bool visible = log ? s.mean > 0 : s.mean != 0;
                if (c.ceiling > 0 && visible) {
                    ++pctLabels;
                    // % of line rate above the bar (or its error bar, or the
                    // baseline marker when that is higher).
                    double labelY = top;
                    if (!c.values.isEmpty() && !c.baselineValues.isEmpty())
                        labelY = std::max(labelY, stats::summarize(c.baselineValues).mean);
                    auto *label = new QCPItemText(&plot);
                    label->position->setCoords(keyOf(c), labelY);
                    label->setPadding(QMargins(0, 0, 0, labelY > top ? 7 : 1));
                    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
                    label->setText(QString::number(pct, 'f', pct < 10 ? 1 : 0) + u'%');
                    label->setFont(QFont(plot.font().family(), 8));
                    pctItems.append({label, labelY, c.ceiling});
                    label->setColor(QColor(0x44, 0x44, 0x44));
                    label->setClipToAxisRect(false);
                    label->setObjectName(u"pctLabel"_s);
                }
            }
            if (keys.isEmpty())
                continue;
            auto *bars = new QCPBars(plot.xAxis, plot.yAxis);
            const QColor color = seriesColor(j);
            QString name = seriesNames[j].isEmpty() ? metricLabel(d) : seriesNames[j];
            if (kind == 1) {
                name = Tr::tr("%1 (historical baseline)").arg(name);
                bars->setBrush(QBrush(color.lighter(130)));
                bars->setPen(QPen(color.darker(130), 1, Qt::DashLine));
            } else {
                bars->setBrush(color);
                bars->setPen(QPen(color.darker(140)));
            }
            bars->setName(name);
            bars->setWidth(barWidth * 0.92);
            bars->setData(keys, values, true);
            bars->setObjectName(kind == 1 ? u"baselineBars"_s : u"measuredBars"_s);
            const QString unit = d.unit;
            out.hover.insert(bars, [plotted, unit, confidence, metric = d.metric](int index, double, double) {
                if (index < 0 || index >= plotted.size())
                    return QString();
                const ComparisonCell &c = plotted[index];
                const stats::MeanEstimate s = stats::estimateMean(c.comparableValues(), confidence);
                QString text = s.hasInterval()
                    ? Tr::tr("%1\n%2 %3 [%4, %5] (%6% CI, n = %7)")
                          .arg(c.label(), num(s.mean), unit, num(s.low), num(s.high),
                               QString::number(confidence * 100, 'g', 3), QString::number(s.n))
                    : Tr::tr("%1\n%2 %3 (single measurement, no interval)").arg(c.label(), num(s.mean), unit);
                if (c.ceiling > 0)
                    text += Tr::tr("\n%1% of the %2 %3 ceiling").arg(num(100.0 * s.mean / c.ceiling), num(c.ceiling), unit);
                if (!c.values.isEmpty() && !c.baselineValues.isEmpty()) {
                    text += Tr::tr("\nbaseline %1 %2").arg(num(stats::summarize(c.baselineValues).mean), unit);
                    text += u"\n"_s
                        + compareGroups(c.baselineValues, c.values, confidence, metric, Tr::tr("the baseline"), Tr::tr("This"))
                              .verdict;
                }
                text += Tr::tr("\nSource: %1").arg(joinSources(c.comparableSources()));
                if (!c.values.isEmpty() && !c.baselineSources.isEmpty())
                    text += Tr::tr("\nBaseline: %1").arg(joinSources(c.baselineSources));
                return text;
            });
            if (std::any_of(errorsBelow.begin(), errorsBelow.end(), [](double e) { return !std::isnan(e); })) {
                auto *err = new QCPErrorBars(plot.xAxis, plot.yAxis);
                err->removeFromLegend();
                err->setDataPlottable(bars);
                err->setData(errorsBelow, errorsAbove);
                err->setPen(QPen(Qt::black, 1.2));
                err->setWhiskerWidth(std::max(4.0, 14.0 / nSeries));
                err->setSymbolGap(0); // a bar has no symbol to leave room for: the interval is one line
                err->setObjectName(u"ciErrorBars"_s);
            }
        }
    }

    // Historical baselines next to measured bars: a marker per cell.
    QVector<double> markerKeys, markerValues;
    QList<ComparisonCell> markerCells;
    for (const ComparisonCell &c : cells) {
        if (c.values.isEmpty() || c.baselineValues.isEmpty())
            continue;
        const double m = stats::summarize(c.baselineValues).mean;
        markerKeys.append(keyOf(c));
        markerValues.append(m);
        markerCells.append(c);
        yMax = std::max(yMax, m);
        meanMax = std::max(meanMax, m); // a marker is never cut off
        out.table.rows.append({c.category, c.series, u"baseline_marker"_s, QString::number(c.baselineValues.size()),
                               exact(m), QString(), QString(), QString(), QString(), d.unit, joinSources(c.baselineSources)});
    }
    if (!markerKeys.isEmpty()) {
        auto *markers = new QCPGraph(plot.xAxis, plot.yAxis);
        markers->setName(Tr::tr("historical baseline"));
        markers->setLineStyle(QCPGraph::lsNone);
        markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.5), QBrush(QColor(0xff, 0xd7, 0x00)), 11));
        markers->setData(markerKeys, markerValues);
        markers->setObjectName(u"baselineMarkers"_s);
        const QString unit = d.unit;
        out.hover.insert(markers, [markerCells, unit](int index, double, double value) {
            if (index < 0 || index >= markerCells.size())
                return QString();
            return Tr::tr("%1\nhistorical baseline %2 %3\nSource: %4")
                .arg(markerCells[index].label(), num(value), unit, joinSources(markerCells[index].baselineSources));
        });
    }

    // Ceilings: one dashed segment per group (NaN breaks the line between
    // groups), or one line across when every cell shares it.
    double firstCeiling = 0;
    bool uniform = true;
    for (const ComparisonCell &c : cells) {
        if (c.ceiling <= 0) {
            uniform = uniform && firstCeiling == 0;
            continue;
        }
        if (firstCeiling == 0)
            firstCeiling = c.ceiling;
        uniform = uniform && c.ceiling == firstCeiling;
    }
    if (firstCeiling > 0) {
        const bool allHave = std::all_of(cells.begin(), cells.end(), [](const ComparisonCell &c) { return c.ceiling > 0; });
        if (uniform && allHave) {
            ceilingKeys = {0.5, categories.size() + 0.5};
            ceilingValues = {firstCeiling, firstCeiling};
        } else {
            for (const ComparisonCell &c : cells) {
                if (c.ceiling <= 0)
                    continue;
                const double k = keyOf(c);
                if (!ceilingKeys.isEmpty()) {
                    ceilingKeys.append(k - barWidth / 2 - 1e-6);
                    ceilingValues.append(kNaN);
                }
                ceilingKeys.append(k - barWidth / 2);
                ceilingValues.append(c.ceiling);
                ceilingKeys.append(k + barWidth / 2);
                ceilingValues.append(c.ceiling);
            }
            // Keys must ascend for QCPGraph; segments were added in cell order.
            QVector<int> order(ceilingKeys.size());
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return ceilingKeys[a] < ceilingKeys[b]; });
            QVector<double> k2, v2;
            for (int i : order) {
                k2.append(ceilingKeys[i]);
                v2.append(ceilingValues[i]);
            }
            ceilingKeys = k2;
            ceilingValues = v2;
        }
        for (double v : ceilingValues)
            if (!std::isnan(v)) {
                yMax = std::max(yMax, v);
                meanMax = std::max(meanMax, v); // nor is a ceiling
            }
        auto *ceiling = new QCPGraph(plot.xAxis, plot.yAxis);
        QString name = d.ceilingLabel.isEmpty() ? Tr::tr("theoretical ceiling") : d.ceilingLabel;
        if (uniform && allHave)
            name += u" (%1 %2)"_s.arg(num(firstCeiling), d.unit);
        ceiling->setName(name);
        ceiling->setPen(QPen(kCeilingColor, 1.6, Qt::DashLine));
        ceiling->setData(ceilingKeys, ceilingValues, true);
        ceiling->setObjectName(u"ceiling"_s);
        const QString unit = d.unit;
        out.hover.insert(ceiling, [name, unit](int, double, double value) {
            return std::isnan(value) ? QString() : u"%1: %2 %3"_s.arg(name, num(value), unit);
        });
    }

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int longest = 0;
    for (int i = 0; i < categories.size(); ++i) {
        ticker->addTick(i + 1, categories[i]);
        longest = std::max(longest, int(categories[i].size()));
    }
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setSubTicks(false);
    plot.xAxis->setTickLength(0, 4);
    plot.xAxis->grid()->setVisible(false);
    if (longest * categories.size() > 90) {
        const double angle = longest > 20 ? 35 : 25;
        plot.xAxis->setTickLabelRotation(angle);
        // QCustomPlot drops tick labels that leave the viewport: keep room on
        // the right for the last rotated label.
        const QFontMetrics fm(plot.xAxis->tickLabelFont());
        const int overhang = int(fm.horizontalAdvance(categories.last()) * std::cos(angle * M_PI / 180.0));
        plot.axisRect()->setMinimumMargins(QMargins(15, 15, std::max(15, overhang - 20), 15));
    }
    plot.xAxis->setRange(0.5, categories.size() + 0.5);
    plot.xAxis->setLabel(dimensionDisplay(groupBy));
    if (pctLabels > 0) {
        // The numbers over the bars say what they are in the legend.
        const QString ceilingName = d.ceilingLabel.isEmpty() ? Tr::tr("theoretical ceiling") : d.ceilingLabel;
        auto *note = new LegendNote(plot.legend, u"98%"_s, Tr::tr("over a bar: its share of the %1").arg(ceilingName));
        note->setObjectName(u"pctLegendNote"_s);
        plot.legend->addItem(note);
    }
    if (log) {
        plot.yAxis->setLabel(logLabel(metricLabel(d)));
        // Headroom for the % labels: a third of a decade.
        // The bars keep their base at 0: QCPBars draws from the base to
        // base + value, so a base at the axis' lower end would make every
        // bar taller than its value by that much. 0 lies below a log axis
        // and the bar is clipped at its bottom edge.
        setLogAxis(plot.yAxis, plan.values, yMax * 2.2);
    } else {
        plot.yAxis->setLabel(metricLabel(d));
        // An interval of a few repetitions can reach far above every bar
        // (two runs: t = 12.7): the axis stays within a few times the
        // tallest bar so the bars remain readable, and says it cut one.
        if (meanMax > 0 && yMax > kIntervalCutFactor * meanMax) {
            yMax = kIntervalCutFactor * meanMax;
            plot.yAxis->setLabel(Tr::tr("%1; intervals above the axis cut").arg(metricLabel(d)));
        }
        // Headroom for the % labels above the tallest bar.
        plot.yAxis->setRange(yMin < 0 ? yMin * 1.1 : 0, yMax > 0 ? yMax * 1.12 : 1);
    }
    // A label whose bar ends just under its ceiling would sit on the dash:
    // it goes above the dash instead. "Just under": within the label's
    // height, about 6 % of the value axis.
    const QCPRange range = plot.yAxis->range();
    for (const PctLabel &l : std::as_const(pctItems)) {
        if (!(l.ceiling > l.y))
            continue;
        const double share = log ? std::log(l.ceiling / l.y) / std::log(range.upper / range.lower)
                                 : (l.ceiling - l.y) / range.size();
        if (share < kPctLabelShare) {
            l.item->position->setCoords(l.item->position->key(), l.ceiling);
            l.item->setPadding(QMargins(0, 0, 0, 3));
        }
    }
}

// ---- lines --------------------------------------------------------------------

QCPGraph *addLine(QCustomPlot &plot, const QString &name, int colorIndex, const QVector<double> &keys,
                  const QVector<double> &values)
{
    auto *g = new QCPGraph(plot.xAxis, plot.yAxis);
    g->setName(name);
    g->setPen(QPen(seriesColor(colorIndex), 1.5));
    g->setData(keys, values, std::is_sorted(keys.begin(), keys.end()));
    return g;
}

void buildTimeSeries(QCustomPlot &plot, const ComparisonData &d, ChartContent &out)
{
    out.table.header = {u"series"_s, u"t_s"_s, u"value"_s, u"unit"_s, u"source"_s};
    const QString unit = d.timeSeriesUnit.isEmpty() ? d.unit : d.timeSeriesUnit;
    for (int i = 0; i < d.timeSeries.size(); ++i) {
        const PointSeries &s = d.timeSeries[i];
        QVector<double> keys, values;
        keys.reserve(s.points.size());
        values.reserve(s.points.size());
        for (const QPointF &p : s.points) {
            keys.append(p.x());
            values.append(p.y());
        }
        out.lazyRows.append([s, unit](PlottedTable &t) {
            for (const QPointF &p : s.points)
                t.rows.append({s.label, exact(p.x()), exact(p.y()), unit, s.source});
        });
        QCPGraph *g = addLine(plot, s.label, i, keys, values);
        g->setObjectName(u"timeSeries"_s);
        if (keys.size() > kDenseSeriesPoints) {
            // A wide antialiased pen over a dense zig-zag sends Qt's raster
            // stroker into seconds per replot; a 1-px line stays in
            // milliseconds (docs/perf/charts.md).
            g->setPen(QPen(seriesColor(i), 1.0));
        }
        const QString label = s.label;
        const QString source = s.source;
        hoverPoints(out, g, [label, source, unit](double key, double value) {
            return Tr::tr("%1\n%2 %3 at %4 s\nSource: %5").arg(label, num(value), unit, num(key), source);
        });
    }
    if (d.timeSeries.isEmpty())
        addEmptyNote(plot, Tr::tr("This dataset has no interval samples."));
    plot.xAxis->setLabel(Tr::tr("time since start (s)"));
    const QString yName = humanMetric(d.metric);
    plot.yAxis->setLabel(unit.isEmpty() ? yName : u"%1 (%2)"_s.arg(yName, unit));
    plot.rescaleAxes();
    plot.yAxis->scaleRange(1.08);
}

// Every latency a CDF draws, for its axis: the samples, or the points of a
// distribution that came as percentiles.
QList<double> cdfLatencies(const ComparisonData &d)
{
    QList<double> all;
    for (const LatencyDistribution &l : d.latencies) {
        all += l.samplesUs;
        for (const QPointF &p : l.cdfPoints)
            all.append(p.x());
    }
    return all;
}

void buildCdf(QCustomPlot &plot, const ComparisonData &d, const ChartOptions &o, ChartContent &out)
{
    out.table.header = {u"series"_s, u"latency_us"_s, u"cumulative_fraction"_s, u"source"_s};
    for (int i = 0; i < d.latencies.size(); ++i) {
        const LatencyDistribution &l = d.latencies[i];
        QVector<double> keys, values;
        if (!l.samplesUs.isEmpty()) {
            QList<double> sorted = l.samplesUs;
            std::sort(sorted.begin(), sorted.end());
            const double n = double(sorted.size());
            keys.reserve(sorted.size());
            values.reserve(sorted.size());
            for (qsizetype k = 0; k < sorted.size(); ++k) {
                keys.append(sorted[k]);
                values.append((k + 1) / n);
            }
        } else {
            for (const QPointF &p : l.cdfPoints) {
                keys.append(p.x());
                values.append(p.y());
            }
        }
        QCPGraph *g = addLine(plot, l.label, i, keys, values);
        // Rows from the graph's own (shared) data: exactly what is drawn.
        out.lazyRows.append([data = g->data(), label = l.label, source = l.source](PlottedTable &t) {
            for (auto it = data->constBegin(); it != data->constEnd(); ++it)
                t.rows.append({label, exact(it->key), exact(it->value), source});
        });
        if (keys.size() > kDenseSeriesPoints)
            g->setPen(QPen(seriesColor(i), 1.0)); // see buildTimeSeries
        g->setLineStyle(l.samplesUs.isEmpty() ? QCPGraph::lsLine : QCPGraph::lsStepLeft);
        g->setObjectName(u"cdf"_s);
        const QString label = l.label;
        const QString source = l.source;
        hoverPoints(out, g, [label, source](double key, double value) {
            return Tr::tr("%1\n%2% of round trips ≤ %3 µs\nSource: %4").arg(label, num(value * 100), num(key), source);
        });
    }
    if (d.latencies.isEmpty())
        addEmptyNote(plot, Tr::tr("This dataset has no latency samples."));
    plot.yAxis->setLabel(Tr::tr("fraction of transactions ≤ latency"));
    plot.rescaleAxes();
    plot.yAxis->setRange(0, 1.02);
    // A loopback probe at 20 µs beside a 1999 LAN at 300 µs and a loaded
    // path at 30 ms: over two decades, a linear axis squeezes the fast ones
    // into the first pixel column.
    const QList<double> latencies = cdfLatencies(d);
    out.logKeyAxis = logAxisFor(latencies, o.logScale);
    const QString xLabel = Tr::tr("round-trip latency (µs)");
    if (out.logKeyAxis) {
        double top = 0;
        for (double v : latencies)
            top = std::max(top, v);
        setLogAxis(plot.xAxis, latencies, top * 1.5);
        plot.xAxis->grid()->setSubGridVisible(false);
        plot.xAxis->setLabel(logLabel(xLabel));
    } else {
        plot.xAxis->setLabel(xLabel);
    }
}

// The attribute providers give an observation's size under ("64 B",
// "12 MB file"): a historical figure with one is a marker on the sweep.
const QString kSizeAttribute = u"message size"_s;

// What a sweep chart draws: measured series as lines through their points
// in size order; historical series (a baseline's source) and historical
// observations that carry a size as markers, never joined by a line, since
// nothing was measured between them; the sources behind all of it.
struct SweepPlan
{
    struct Marker
    {
        double x = 0;
        double value = 0;
        QString label;
        QString source;
    };
    QList<PointSeries> lines;
    QList<QHash<double, QStringList>> lineSources; // per line: size -> the runs behind the point
    QList<PointSeries> baselineSeries;
    QList<Marker> markers;
    QStringList sources;
    QList<double> values;
    QList<double> sizes;
};

PointSeries sortedBySize(const PointSeries &s)
{
    const bool withErrors = s.errors.size() == s.points.size();
    QList<int> order(s.points.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s.points[a].x() < s.points[b].x(); });
    PointSeries out{s.label, s.source, {}, {}};
    for (int i : std::as_const(order)) {
        out.points.append(s.points[i]);
        if (withErrors)
            out.errors.append(s.errors[i]);
    }
    return out;
}

SweepPlan planSweep(const ComparisonData &d)
{
    SweepPlan p;
    QSet<QString> seen;
    auto addSource = [&](const QString &source) {
        if (!source.isEmpty() && !seen.contains(source)) {
            seen.insert(source);
            p.sources.append(source);
        }
    };
    QSet<QString> baselineSources;
    for (const Observation &ob : d.observations)
        if (ob.baseline)
            baselineSources.insert(ob.source);
    QSet<QString> historicalSeries;
    for (const PointSeries &raw : d.sweeps) {
        const PointSeries s = sortedBySize(raw);
        if (!s.source.isEmpty() && baselineSources.contains(s.source)) {
            p.baselineSeries.append(s);
            historicalSeries.insert(s.source);
        } else {
            p.lines.append(s);
        }
        for (const QPointF &pt : s.points) {
            p.sizes.append(pt.x());
            p.values.append(pt.y());
        }
    }
    // A line with no source of its own (a provider's mean over runs): the
    // measured observations of its sizes that name its label.
    for (const PointSeries &s : std::as_const(p.lines)) {
        QHash<double, QStringList> bySize;
        if (s.source.isEmpty()) {
            for (const Observation &ob : d.observations) {
                if (ob.baseline || ob.source.isEmpty())
                    continue;
                const auto size = categoryBytes(ob.attributes.value(kSizeAttribute));
                if (!size || !std::any_of(s.points.begin(), s.points.end(), [&](const QPointF &pt) { return pt.x() == *size; }))
                    continue;
                const auto values = ob.attributes.values();
                if (values.contains(s.label) && !bySize[*size].contains(ob.source))
                    bySize[*size].append(ob.source);
            }
        }
        p.lineSources.append(bySize);
    }
    for (const Observation &ob : d.observations) {
        if (!ob.baseline || ob.values.isEmpty() || historicalSeries.contains(ob.source))
            continue;
        const auto size = categoryBytes(ob.attributes.value(kSizeAttribute));
        if (!size || *size <= 0)
            continue;
        QStringList what;
        for (auto it = ob.attributes.cbegin(); it != ob.attributes.cend(); ++it)
            if (it.key() != kSizeAttribute && it.value() != u"—"_s && !it.value().isEmpty() && !what.contains(it.value()))
                what << it.value();
        const SweepPlan::Marker m{*size, stats::summarize(ob.values).mean, what.join(u" · "_s), ob.source};
        p.markers.append(m);
        p.sizes.append(m.x);
        p.values.append(m.value);
    }
    std::stable_sort(p.markers.begin(), p.markers.end(),
                     [](const SweepPlan::Marker &a, const SweepPlan::Marker &b) { return a.x < b.x; });
    // Sources in the order they are drawn: lines, historical series, markers.
    bool unnamedLine = false;
    for (int i = 0; i < p.lines.size(); ++i) {
        addSource(p.lines[i].source);
        QList<double> sizes = p.lineSources[i].keys();
        std::sort(sizes.begin(), sizes.end());
        for (double size : std::as_const(sizes))
            for (const QString &source : p.lineSources[i].value(size))
                addSource(source);
        unnamedLine = unnamedLine || (p.lines[i].source.isEmpty() && p.lineSources[i].isEmpty());
    }
    if (unnamedLine) // nothing names its runs: every measured observation with a size fed the sweep
        for (const Observation &ob : d.observations)
            if (!ob.baseline && categoryBytes(ob.attributes.value(kSizeAttribute)))
                addSource(ob.source);
    for (const PointSeries &s : std::as_const(p.baselineSeries))
        addSource(s.source);
    for (const SweepPlan::Marker &m : std::as_const(p.markers))
        addSource(m.source);
    return p;
}

bool logSizeAxis(const QList<double> &sizes)
{
    double lo = std::numeric_limits<double>::max();
    double hi = 0;
    for (double x : sizes) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    return lo > 0 && hi / lo > kLogSizeSpan;
}

void buildSweep(QCustomPlot &plot, const ComparisonData &d, const ChartOptions &o, ChartContent &out)
{
    out.table.header = {u"series"_s, u"x"_s, u"value"_s, u"ci_half_width"_s, u"unit"_s, u"source"_s};
    const SweepPlan plan = planSweep(d);
    double xMin = std::numeric_limits<double>::max();
    double xMax = 0;
    double yMax = 0;
    for (int i = 0; i < plan.lines.size(); ++i) {
        const PointSeries &s = plan.lines[i];
        const QHash<double, QStringList> pointSources = plan.lineSources[i];
        QVector<double> keys, values, errors;
        const bool withErrors = s.errors.size() == s.points.size();
        for (qsizetype k = 0; k < s.points.size(); ++k) {
            const QPointF &p = s.points[k];
            keys.append(p.x());
            values.append(p.y());
            errors.append(withErrors ? s.errors[k] : kNaN);
            xMin = std::min(xMin, p.x());
            xMax = std::max(xMax, p.x());
            yMax = std::max(yMax, p.y() + (withErrors ? s.errors[k] : 0));
            const QString source = s.source.isEmpty() ? joinSources(pointSources.value(p.x())) : s.source;
            out.table.rows.append({s.label, exact(p.x()), exact(p.y()), withErrors ? exact(s.errors[k]) : QString(), d.unit, source});
        }
        QCPGraph *g = addLine(plot, s.label, i, keys, values);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, seriesColor(i), Qt::white, 7));
        g->setObjectName(u"sweep"_s);
        if (withErrors) {
            auto *err = new QCPErrorBars(plot.xAxis, plot.yAxis);
            err->removeFromLegend();
            err->setDataPlottable(g);
            err->setData(errors);
            err->setObjectName(u"ciErrorBars"_s);
        }
        const QString label = s.label;
        const QString source = s.source;
        const QString unit = d.unit;
        hoverPoints(out, g, [label, source, pointSources, unit](double key, double value) {
            const QString from = source.isEmpty() ? joinSources(pointSources.value(key)) : source;
            QString text = Tr::tr("%1\n%2 %3 at %4").arg(label, num(value), unit, num(key));
            return from.isEmpty() ? text : text + Tr::tr("\nSource: %1").arg(from);
        });
    }
    // Historical figures: markers only, a series colour each, one entry for
    // the single sized baselines.
    const QString unit = d.unit;
    for (int i = 0; i < plan.baselineSeries.size(); ++i) {
        const PointSeries &s = plan.baselineSeries[i];
        QVector<double> keys, values;
        for (const QPointF &p : s.points) {
            keys.append(p.x());
            values.append(p.y());
            xMin = std::min(xMin, p.x());
            xMax = std::max(xMax, p.x());
            yMax = std::max(yMax, p.y());
            out.table.rows.append({s.label, exact(p.x()), exact(p.y()), QString(), d.unit, s.source});
        }
        auto *g = new QCPGraph(plot.xAxis, plot.yAxis);
        g->setName(Tr::tr("%1 (historical baseline)").arg(s.label));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.5),
                                           QBrush(seriesColor(int(plan.lines.size()) + i)), 11));
        g->setData(keys, values, true);
        g->setObjectName(u"baselineMarkers"_s);
        const QString label = s.label;
        const QString source = s.source;
        hoverPoints(out, g, [label, source, unit](double key, double value) {
            return Tr::tr("%1\nhistorical baseline %2 %3 at %4\nSource: %5").arg(label, num(value), unit, num(key), source);
        });
    }
    if (!plan.markers.isEmpty()) {
        QVector<double> keys, values;
        for (const SweepPlan::Marker &m : plan.markers) {
            keys.append(m.x);
            values.append(m.value);
            xMin = std::min(xMin, m.x);
            xMax = std::max(xMax, m.x);
            yMax = std::max(yMax, m.value);
            out.table.rows.append({m.label.isEmpty() ? Tr::tr("historical baseline") : m.label, exact(m.x), exact(m.value),
                                   QString(), d.unit, m.source});
        }
        auto *g = new QCPGraph(plot.xAxis, plot.yAxis);
        g->setName(Tr::tr("historical baseline"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.5), QBrush(QColor(0xff, 0xd7, 0x00)), 11));
        g->setData(keys, values, true);
        g->setObjectName(u"baselineMarkers"_s);
        const QList<SweepPlan::Marker> markers = plan.markers;
        out.hover.insert(g, [markers, unit](int index, double, double) {
            if (index < 0 || index >= markers.size())
                return QString();
            const SweepPlan::Marker &m = markers[index];
            return Tr::tr("%1\nhistorical baseline %2 %3 at %4\nSource: %5")
                .arg(m.label.isEmpty() ? Tr::tr("baseline") : m.label, num(m.value), unit, num(m.x), m.source);
        });
    }
    if (d.sweeps.isEmpty() && plan.markers.isEmpty()) {
        addEmptyNote(plot, Tr::tr("This dataset has no size sweep."));
        return;
    }
    if (!d.sweepCeiling.isEmpty()) {
        QVector<double> keys, values;
        for (const QPointF &p : d.sweepCeiling) {
            keys.append(p.x());
            values.append(p.y());
            xMin = std::min(xMin, p.x());
            xMax = std::max(xMax, p.x());
            yMax = std::max(yMax, p.y());
            out.table.rows.append({d.ceilingLabel.isEmpty() ? Tr::tr("ceiling") : d.ceilingLabel, exact(p.x()), exact(p.y()),
                                   QString(), d.unit, Tr::tr("theory")});
        }
        QCPGraph *g = addLine(plot, d.ceilingLabel.isEmpty() ? Tr::tr("theoretical ceiling") : d.ceilingLabel, 0, keys, values);
        g->setPen(QPen(kCeilingColor, 1.6, Qt::DashLine));
        g->setObjectName(u"ceiling"_s);
        hoverPoints(out, g, [unit](double key, double value) {
            return Tr::tr("ceiling %1 %2 at %3").arg(num(value), unit, num(key));
        });
    }
    const QString xLabel = d.sweepXLabel.isEmpty() ? Tr::tr("message size (bytes)") : d.sweepXLabel;
    // Message sizes span decades: a log axis keeps 1-byte and 64 KB readable.
    out.logKeyAxis = logSizeAxis(plan.sizes);
    if (out.logKeyAxis) {
        plot.xAxis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(10);
        ticker->setSubTickCount(8);
        plot.xAxis->setTicker(ticker);
        plot.xAxis->setRange(xMin / 1.5, xMax * 1.5);
        plot.xAxis->setLabel(logLabel(xLabel));
    } else {
        const double pad = xMax > xMin ? (xMax - xMin) * 0.05 : std::max(1.0, xMax * 0.1);
        plot.xAxis->setRange(xMin - pad, xMax + pad);
        plot.xAxis->setLabel(xLabel);
    }
    out.logValueAxis = logAxisFor(plan.values, o.logScale);
    if (out.logValueAxis) {
        plot.yAxis->setLabel(logLabel(metricLabel(d)));
        setLogAxis(plot.yAxis, plan.values, yMax * 1.5);
    } else {
        plot.yAxis->setLabel(metricLabel(d));
        plot.yAxis->setRange(0, yMax > 0 ? yMax * 1.08 : 1);
    }
}

// ---- heat map -------------------------------------------------------------------

void buildHeatMap(QCustomPlot &plot, const ComparisonData &d, const ChartOptions &o, ChartContent &out)
{
    out.table.header = {u"row"_s, u"column"_s, u"value"_s, u"unit"_s, u"sources"_s};
    if (!d.hasMatrix()) {
        addEmptyNote(plot, Tr::tr("This dataset has no host pairs."));
        return;
    }
    QStringList seriesValues = d.seriesKey.isEmpty() ? QStringList() : d.attributeValues(d.seriesKey);
    const QString series = o.matrixSeries.isEmpty() ? seriesValues.value(0) : o.matrixSeries;
    auto inSeries = [&](const Observation &ob) { return d.seriesKey.isEmpty() || ob.attributes.value(d.seriesKey) == series; };
    // One ordered host list for both axes so the diagonal is the diagonal:
    // the hosts of the matrices shown, not of every series.
    QStringList hosts;
    for (const QString &key : {d.matrixRowKey, d.matrixColumnKey})
        for (const Observation &ob : d.observations)
            if (inSeries(ob) && ob.attributes.contains(key) && !ob.attributes.value(key).isEmpty()
                && !hosts.contains(ob.attributes.value(key)))
                hosts.append(ob.attributes.value(key));
    hosts = orderCategories(hosts);
    const int n = int(hosts.size());
    // Side by side: one matrix per value of the panel attribute (a sink),
    // on one colour scale; one matrix when there is none.
    QStringList panels;
    if (!o.matrixPanels.isEmpty())
        for (const Observation &ob : d.observations)
            if (inSeries(ob) && !panels.contains(ob.attributes.value(o.matrixPanels)))
                panels << ob.attributes.value(o.matrixPanels);
    if (panels.isEmpty())
        panels << QString();
    struct Cell { QList<double> values; QStringList sources; };
    using Grid = QHash<QPair<int, int>, Cell>; // (column, row)
    QList<Grid> grids(panels.size());
    double vmin = std::numeric_limits<double>::max();
    double vmax = std::numeric_limits<double>::lowest();
    for (const Observation &ob : d.observations) {
        if (!inSeries(ob))
            continue;
        const int p = o.matrixPanels.isEmpty() ? 0 : int(panels.indexOf(ob.attributes.value(o.matrixPanels)));
        const int r = int(hosts.indexOf(ob.attributes.value(d.matrixRowKey)));
        const int c = int(hosts.indexOf(ob.attributes.value(d.matrixColumnKey)));
        if (p < 0 || r < 0 || c < 0)
            continue;
        Cell &cell = grids[p][{c, r}];
        cell.values += ob.values;
        if (!cell.sources.contains(ob.source))
            cell.sources.append(ob.source);
    }
    // The shown figure of a cell: as every front end shows one (a single
    // figure as it is, repetitions by their geometric mean).
    auto valueOf = [](const Cell &cell) { return stats::estimateMean(cell.values).mean; };
    for (const Grid &grid : std::as_const(grids))
        for (const Cell &cell : grid) {
            vmin = std::min(vmin, valueOf(cell));
            vmax = std::max(vmax, valueOf(cell));
        }
    QCPColorGradient gradient;
    gradient.setColorStops({{0.0, QColor(0xf7, 0xfb, 0xff)}, {0.5, QColor(0x6b, 0xae, 0xd6)}, {1.0, QColor(0x08, 0x30, 0x6b)}});
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    const QCPRange range(std::min(0.0, vmin), vmax > 0 ? vmax : 1);

    auto *scale = new QCPColorScale(&plot);
    scale->setObjectName(u"colorScale"_s);
    // Axis rects and scale share one nested row, so the title, legend and
    // caption rows keep the full width.
    const int row = 2; // below title and legend rows
    QCPAxisRect *first = plot.axisRect();
    plot.plotLayout()->take(first);
    auto *nested = new QCPLayoutGrid;
    plot.plotLayout()->addElement(row, 0, nested);
    auto *group = new QCPMarginGroup(&plot);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < n; ++i)
        ticker->addTick(i + 1, hosts[i]);
    const QString unit = d.unit;
    for (int p = 0; p < panels.size(); ++p) {
        QCPAxisRect *rect = p == 0 ? first : new QCPAxisRect(&plot);
        nested->addElement(0, p, rect);
        rect->setMarginGroup(QCP::msBottom | QCP::msTop | QCP::msLeft, group);
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        QCPAxis *y = rect->axis(QCPAxis::atLeft);
        auto *map = new QCPColorMap(x, y);
        map->setObjectName(u"heatMap"_s);
        map->removeFromLegend();
        map->data()->setSize(n, n);
        map->data()->setRange(QCPRange(1, n), QCPRange(1, n));
        for (int c = 0; c < n; ++c)
            for (int r = 0; r < n; ++r)
                map->data()->setCell(c, r, kNaN);
        const Grid &grid = grids[p];
        for (auto it = grid.cbegin(); it != grid.cend(); ++it)
            map->data()->setCell(it.key().first, it.key().second, valueOf(*it));
        // Rows in host order, then columns, so the CSV reads like the table.
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c) {
                const auto it = grid.constFind({c, r});
                if (it == grid.cend())
                    continue;
                const double m = valueOf(*it);
                out.table.rows.append({hosts[r] + (panels[p].isEmpty() ? QString() : u" ("_s + panels[p] + u')'),
                                       hosts[c], exact(m), d.unit, joinSources(it->sources)});
                auto *label = new QCPItemText(&plot);
                label->setClipAxisRect(rect);
                label->position->setAxes(x, y);
                label->position->setCoords(c + 1, r + 1);
                label->setText(num(m));
                label->setFont(QFont(plot.font().family(), panels.size() > 1 ? 8 : 9, QFont::DemiBold));
                const double frac = vmax > vmin ? (m - vmin) / (vmax - vmin) : 1;
                label->setColor(frac > 0.55 ? Qt::white : Qt::black);
                label->setObjectName(u"cellLabel"_s);
            }
        }
        map->setGradient(gradient);
        map->setInterpolate(false);
        map->setDataRange(range);
        map->setColorScale(scale);
        for (QCPAxis *axis : {x, y}) {
            axis->setTicker(ticker);
            axis->setSubTicks(false);
            axis->setRange(0.5, n + 0.5);
            axis->grid()->setVisible(false);
            axis->setTickLabelFont(QFont(plot.font().family(), 8));
        }
        y->setRangeReversed(true); // first host at the top, as in a table
        // Unmeasured pairs (and the diagonal) show a light hatch, not "zero".
        rect->setBackground(QBrush(QColor(0xcc, 0xcc, 0xcc), Qt::BDiagPattern));
        x->setLabel(panels[p].isEmpty() ? d.matrixColumnKey
                                        : u"%1 — %2 %3"_s.arg(d.matrixColumnKey, o.matrixPanels, panels[p]));
        y->setLabel(d.matrixRowKey);
        out.hover.insert(map, [grid, hosts, unit, series, panel = panels[p]](int, double key, double value) {
            const int c = int(std::lround(key)) - 1;
            const int r = int(std::lround(value)) - 1;
            const auto it = grid.constFind({c, r});
            if (it == grid.cend())
                return QString();
            QString text = u"%1 → %2: %3 %4"_s.arg(hosts[r], hosts[c], num(stats::estimateMean(it->values).mean), unit);
            QStringList what;
            if (!series.isEmpty())
                what << series;
            if (!panel.isEmpty())
                what << panel;
            if (!what.isEmpty())
                text += u" (%1)"_s.arg(what.join(u", "_s));
            return text + Tr::tr("\nSource: %1").arg(joinSources(it->sources));
        });
    }
    nested->addElement(0, int(panels.size()), scale);
    nested->setColumnStretchFactor(int(panels.size()), 0.001);
    scale->setType(QCPAxis::atRight);
    scale->setGradient(gradient);
    scale->setDataRange(range);
    scale->axis()->setLabel(metricLabel(d));
    scale->axis()->setLabelFont(QFont(plot.font().family(), 8));
    scale->axis()->setTickLabelFont(QFont(plot.font().family(), 7));
    scale->setBarWidth(12);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
}

} // namespace

PlottedTable ChartContent::plotted() const
{
    PlottedTable t = table;
    for (const auto &add : lazyRows)
        add(t);
    return t;
}

namespace {

QString captionText(const ComparisonData &d, const ChartOptions &o, bool logValue, bool logKey)
{
    QString grouping;
    switch (o.kind) {
    case ChartKind::Bars: {
        const QString by = o.groupBy.isEmpty() ? d.defaultGroupBy : o.groupBy;
        if (!d.seriesKey.isEmpty() && d.seriesKey != by)
            grouping = Tr::tr("%1, bars by %2; error bars: %3% CI")
                           .arg(dimensionDisplay(by), dimensionDisplay(d.seriesKey),
                                QString::number(d.confidence * 100, 'g', 3));
        else
            grouping = Tr::tr("%1; error bars: %2% CI").arg(dimensionDisplay(by), QString::number(d.confidence * 100, 'g', 3));
        break;
    }
    case ChartKind::HeatMap:
        grouping = Tr::tr("rows %1, columns %2 (hatched: not measured)").arg(dimensionDisplay(d.matrixRowKey), dimensionDisplay(d.matrixColumnKey));
        if (!d.seriesKey.isEmpty()) {
            const QString s = o.matrixSeries.isEmpty() ? d.attributeValues(d.seriesKey).value(0) : o.matrixSeries;
            grouping += u", %1 = %2"_s.arg(dimensionDisplay(d.seriesKey), s);
        }
        break;
    case ChartKind::Sweep:
        grouping = Tr::tr("one line per series; historical baselines as markers");
        break;
    default:
        grouping = Tr::tr("one line per run");
        break;
    }
    QString unit = d.unit;
    QString metric = humanMetric(d.metric); // the catalog's label, never the stored key
    QStringList sources;
    QSet<QString> seen;
    auto add = [&sources, &seen](const QString &s) {
        if (!s.isEmpty() && !seen.contains(s)) {
            seen.insert(s);
            sources.append(s);
        }
    };
    switch (o.kind) {
    case ChartKind::Bars:
    case ChartKind::HeatMap:
        for (const Observation &ob : d.observations)
            add(ob.source);
        break;
    case ChartKind::TimeSeries:
        if (!d.timeSeriesUnit.isEmpty())
            unit = d.timeSeriesUnit;
        for (const PointSeries &s : d.timeSeries)
            add(s.source);
        break;
    case ChartKind::LatencyCdf:
        metric = u"latency (round trip)"_s;
        unit = u"µs"_s;
        for (const LatencyDistribution &l : d.latencies)
            add(l.source);
        break;
    case ChartKind::Sweep:
        for (const QString &s : planSweep(d).sources)
            add(s);
        break;
    }
    QStringList scales;
    if (logValue)
        scales << Tr::tr("value axis");
    if (logKey)
        scales << (o.kind == ChartKind::LatencyCdf ? Tr::tr("latency axis") : Tr::tr("size axis"));
    const QString text = Tr::tr("Metric: %1 (%2). Grouped by: %3.").arg(metric, unit, grouping)
        + (scales.isEmpty()        ? QString()
           : scales.size() == 1 ? u" "_s + Tr::tr("Log scale on the %1.").arg(scales[0])
                                : u" "_s + Tr::tr("Log scale on the %1 and %2.").arg(scales[0], scales[1]))
        + (d.description.isEmpty() ? QString() : u" "_s + d.description + u'.')
        + u'\n' + Tr::tr("Sources: %1").arg(sources.isEmpty() ? Tr::tr("none") : ChartBuilder::compactSources(sources).join(u"; "_s));
    return text;
}

} // namespace

QString ChartBuilder::caption(const ComparisonData &d, const ChartOptions &o)
{
    bool logValue = false;
    bool logKey = false;
    if (o.kind == ChartKind::Bars) {
        logValue = logAxisFor(planBars(d, o).values, o.logScale);
    } else if (o.kind == ChartKind::Sweep && (!d.sweeps.isEmpty() || d.hasBars())) {
        const SweepPlan plan = planSweep(d);
        logValue = logAxisFor(plan.values, o.logScale);
        logKey = logSizeAxis(plan.sizes);
    } else if (o.kind == ChartKind::LatencyCdf) {
        logKey = logAxisFor(cdfLatencies(d), o.logScale);
    }
    return captionText(d, o, logValue, logKey);
}

QStringList ChartBuilder::compactSources(const QStringList &sources)
{
    // Many runs: "run 3", "run 4", "run 5" -> "runs 3–5"; other sources as they are.
    QList<qint64> runs;
    QStringList others;
    static const QRegularExpression runSource(u"^run (\\d+)$"_s);
    for (const QString &s : sources) {
        const QRegularExpressionMatch m = runSource.match(s);
        if (m.hasMatch())
            runs.append(m.captured(1).toLongLong());
        else
            others.append(s);
    }
    if (runs.size() <= kCaptionRunRanges && others.size() <= kCaptionOtherSources)
        return sources; // few enough to name one by one
    std::sort(runs.begin(), runs.end());
    QStringList ranges;
    for (qsizetype i = 0; i < runs.size();) {
        qsizetype j = i;
        while (j + 1 < runs.size() && runs[j + 1] == runs[j] + 1)
            ++j;
        ranges << (i == j ? QString::number(runs[i]) : u"%1–%2"_s.arg(runs[i]).arg(runs[j]));
        i = j + 1;
    }
    QStringList out;
    if (!ranges.isEmpty()) {
        if (runs.size() == 1)
            out << Tr::tr("run %1").arg(ranges[0]);
        else if (ranges.size() > kCaptionRunRanges)
            out << Tr::tr("runs %1 and %2 more ranges (%n runs; the CSV lists every one)", nullptr, int(runs.size()))
                       .arg(ranges.mid(0, kCaptionRunRanges).join(u", "_s))
                       .arg(ranges.size() - kCaptionRunRanges);
        else
            out << Tr::tr("runs %1").arg(ranges.join(u", "_s));
    }
    if (others.size() > kCaptionOtherSources) {
        const qsizetype more = others.size() - kCaptionOtherSources;
        others = others.mid(0, kCaptionOtherSources);
        others << Tr::tr("%1 more (the CSV lists every one)").arg(more);
    }
    return out + others;
}

ChartContent ChartBuilder::build(QCustomPlot &plot, const ComparisonData &data, const ChartOptions &options)
{
    ChartContent out;
    out.kind = options.kind;
    QString subtitle;
    if (options.kind == ChartKind::HeatMap && !data.seriesKey.isEmpty())
        subtitle = options.matrixSeries.isEmpty() ? data.attributeValues(data.seriesKey).value(0) : options.matrixSeries;
    else if (options.kind != ChartKind::Bars)
        subtitle = chartKindTitle(options.kind);
    setupLayout(plot, data, options, subtitle);
    switch (options.kind) {
    case ChartKind::Bars:
        buildBars(plot, data, options, out);
        break;
    case ChartKind::TimeSeries:
        buildTimeSeries(plot, data, out);
        break;
    case ChartKind::LatencyCdf:
        buildCdf(plot, data, options, out);
        break;
    case ChartKind::Sweep:
        buildSweep(plot, data, options, out);
        break;
    case ChartKind::HeatMap:
        buildHeatMap(plot, data, options, out);
        break;
    }
    if (options.caption) {
        out.caption = captionText(data, options, out.logValueAxis, out.logKeyAxis);
        if (auto *cap = plot.findChild<QCPTextElement *>(u"chartCaption"_s))
            cap->setText(out.caption);
    }
    if (plot.legend->itemCount() == 0)
        plot.legend->setVisible(false);
    applyPalette(plot, plot.palette());
    return out;
}

QPalette ChartBuilder::printPalette()
{
    return QPalette(QColor(0xef, 0xef, 0xef)); // white base, black text
}

QColor ChartBuilder::blend(const QColor &a, const QColor &b, double towardsB)
{
    const double t = std::clamp(towardsB, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

void ChartBuilder::putLegendAndCaptionBelow(QCustomPlot &plot, const QString &caption)
{
    plot.plotLayout()->insertRow(2);
    auto *below = new QCPLayoutGrid;
    plot.plotLayout()->addElement(2, 0, below);
    below->addElement(0, 0, plot.legend);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot.legend->setWrap(2);
    below->addElement(1, 0, new WrappedTextElement(&plot, caption, QFont(plot.font().family(), 8)));
    plot.plotLayout()->setRowStretchFactor(2, 0.001);
}

void ChartBuilder::applyPalette(QCustomPlot &plot, const QPalette &palette)
{
    // Text on Base, as in a view: dark on light or light on dark. Colours
    // that carry data (series, heat map) stay as they are; the ceiling line
    // takes a lighter red on dark.
    const QColor text = palette.color(QPalette::Active, QPalette::Text);
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    const QColor subtle = blend(text, base, 0.3);
    const QColor grid = blend(text, base, 0.82);
    plot.setBackground(base);
    auto styleAxis = [&](QCPAxis *axis) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setLabelColor(text);
        axis->setTickLabelColor(text);
        QPen g = axis->grid()->pen();
        g.setColor(grid);
        axis->grid()->setPen(g);
        axis->grid()->setSubGridPen(QPen(blend(grid, base, 0.5), 0, Qt::DotLine));
        axis->grid()->setZeroLinePen(QPen(subtle, 0));
    };
    for (QCPAxisRect *rect : plot.axisRects())
        for (QCPAxis *axis : rect->axes())
            styleAxis(axis);
    for (QCPLayoutElement *e : plot.plotLayout()->elements(true)) {
        if (auto *scale = qobject_cast<QCPColorScale *>(e)) {
            styleAxis(scale->axis());
        } else if (auto *t = qobject_cast<QCPTextElement *>(e)) {
            t->setTextColor(t->objectName() == u"chartCaption"_s ? subtle : text);
        } else if (auto *legend = qobject_cast<QCPLegend *>(e)) {
            legend->setBrush(base);
            if (legend->borderPen().style() != Qt::NoPen)
                legend->setBorderPen(QPen(subtle, legend->borderPen().widthF()));
            legend->setTextColor(text);
            legend->setSelectedTextColor(text);
            for (int i = 0; i < legend->itemCount(); ++i)
                if (QCPAbstractLegendItem *item = legend->item(i)) // empty cells of a wrapped legend are null
                    item->setTextColor(text);
        }
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto *label = qobject_cast<QCPItemText *>(plot.item(i));
        if (!label || label->objectName() == u"cellLabel"_s) // drawn on the heat map's own colours
            continue;
        label->setColor(label->objectName() == u"pctLabel"_s ? text : subtle);
    }
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable *p = plot.plottable(i);
        if (auto *err = qobject_cast<QCPErrorBars *>(p)) {
            QPen pen = err->pen();
            pen.setColor(text);
            err->setPen(pen);
        } else if (auto *g = qobject_cast<QCPGraph *>(p); g && g->objectName() == u"baselineMarkers"_s) {
            QCPScatterStyle st = g->scatterStyle();
            QPen pen = st.pen();
            pen.setColor(text);
            st.setPen(pen);
            g->setScatterStyle(st);
        } else if (auto *c = qobject_cast<QCPGraph *>(p); c && c->objectName() == u"ceiling"_s) {
            // The ceiling's red, a light tone and a wider dash on a dark
            // background where the deep one all but vanishes.
            const bool dark = base.lightness() < 128;
            QPen pen = c->pen();
            pen.setColor(dark ? kCeilingColorOnDark : kCeilingColor);
            pen.setWidthF(dark ? 2.2 : 1.6);
            c->setPen(pen);
        } else if (auto *sg = qobject_cast<QCPGraph *>(p)) {
            QCPScatterStyle st = sg->scatterStyle();
            if (st.brush().color() == Qt::white) { // hollow points: filled with the background
                st.setBrush(base);
                sg->setScatterStyle(st);
            }
        }
    }
}

} // namespace wb::charts
