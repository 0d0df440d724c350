// SPDX-License-Identifier: GPL-3.0-or-later
// Chart benchmark: build and replot a time series of N points (1M by
// default) in a shown 1200x700 chart, offscreen, and export it to PNG.
// Prints medians. `--smoke` runs a short version for CTest; see
// docs/perf/charts.md for the full run and figures.

#include "chartexporter.h"
#include "chartview.h"
#include "qcustomplotinclude.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Replot time of a large time series"_s);
    parser.addHelpOption();
    const QCommandLineOption smoke(u"smoke"_s, u"Short run for CI (1M points, 3 replots)."_s);
    const QCommandLineOption points(u"points"_s, u"Points in the series (default 1000000)."_s, u"n"_s, u"1000000"_s);
    const QCommandLineOption replots(u"replots"_s, u"Replots to time (default 20)."_s, u"n"_s, u"20"_s);
    parser.addOptions({smoke, points, replots});
    parser.process(app);
    const int n = std::clamp(parser.value(points).toInt(), 1000, 20'000'000);
    const int reps = parser.isSet(smoke) ? 3 : std::clamp(parser.value(replots).toInt(), 1, 500);

    wb::ComparisonData data;
    data.title = u"Benchmark"_s;
    data.metric = u"throughput_bps"_s;
    data.unit = u"Mbit/s"_s;
    wb::PointSeries s{u"run 1"_s, u"run 1"_s, {}, {}};
    s.points.reserve(n);
    for (int i = 0; i < n; ++i) // 1 ms samples with noise-like ripple
        s.points.append(QPointF(i * 1e-3, 90 + 3 * std::sin(i * 0.01) + std::sin(i * 1.7)));
    data.timeSeries.append(s);

    wb::charts::ChartView view;
    view.resize(1200, 700);
    view.show();
    wb::charts::ChartOptions o;
    o.kind = wb::charts::ChartKind::TimeSeries;
    QElapsedTimer t;
    t.start();
    view.setChart(data, o);
    const double buildMs = t.nsecsElapsed() / 1e6;

    QList<double> full;
    QList<double> zoomed;
    for (int i = 0; i < reps; ++i) {
        view.plot()->xAxis->setRange(0, n * 1e-3);
        t.restart();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        full.append(t.nsecsElapsed() / 1e6);
        view.plot()->xAxis->setRange(n * 1e-3 * 0.4, n * 1e-3 * 0.41); // 1% window
        t.restart();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        zoomed.append(t.nsecsElapsed() / 1e6);
    }
    // Hover: the lookup behind each tooltip event.
    view.plot()->xAxis->setRange(0, n * 1e-3);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QList<double> hover;
    bool hoverFound = false;
    for (int i = 0; i < reps; ++i) {
        const QPointF pos = view.plot()->graph(0)->coordsToPixels(n * 1e-3 / 2, 90);
        t.restart();
        hoverFound = !view.hoverTextAt(pos).isEmpty() || hoverFound;
        hover.append(t.nsecsElapsed() / 1e6);
    }
    QTemporaryDir dir;
    QString error;
    t.restart();
    const bool ok = wb::charts::ChartExporter::savePng(*view.plot(), dir.filePath(u"b.png"_s), QSize(1600, 1000), 150, &error);
    const double pngMs = t.nsecsElapsed() / 1e6;

    QTextStream out(stdout);
    out << "points " << n << "\n"
        << "build_ms " << QString::number(buildMs, 'f', 1) << "\n"
        << "replot_full_median_ms " << QString::number(median(full), 'f', 1) << " (" << reps << " replots)\n"
        << "replot_zoom1pct_median_ms " << QString::number(median(zoomed), 'f', 1) << "\n"
        << "hover_lookup_median_ms " << QString::number(median(hover), 'f', 2) << (hoverFound ? "" : " (nothing under the cursor)") << "\n"
        << "png_1600x1000_ms " << QString::number(pngMs, 'f', 1) << "\n";
    if (!ok) {
        QTextStream(stderr) << error << "\n";
        return 1;
    }
    // The smoke run fails only on gross regressions (machine noise is large).
    if (parser.isSet(smoke) && median(full) > 5000) {
        QTextStream(stderr) << "replot took over 5 s\n";
        return 1;
    }
    return 0;
}
