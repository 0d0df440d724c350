// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Writes a chart to PNG (chosen pixel size and DPI), SVG, PDF, or its plotted
// points to CSV. Files are written whole or not at all; errors come back as
// text naming the file. exportChart() builds a chart off-screen for
// `wirebench-cli compare --chart` (needs a QApplication, offscreen is fine).

#include "chartkind.h"
#include "plottedtable.h"

#include <QSize>
#include <QString>

#include <optional>

class QCustomPlot;

namespace wb {
struct ComparisonData;
}

namespace wb::charts {

enum class ExportFormat { Png, Svg, Pdf, Csv };

struct ExportSettings
{
    QSize size{1200, 780}; // PNG: pixels; SVG/PDF: logical size in points
    int dpi = 150;         // PNG only: fonts and lines scale by dpi / 96
};

class ChartExporter
{
public:
    static bool savePng(QCustomPlot &plot, const QString &path, QSize pixels, int dpi, QString *error);
    static bool saveSvg(QCustomPlot &plot, const QString &path, QSize size, const QString &description, QString *error);
    static bool savePdf(QCustomPlot &plot, const QString &path, QSize size, const QString &title, QString *error);
    static bool saveCsv(const PlottedTable &table, const QString &path, QString *error);

    // Writes a chart already built on `plot` in `format`: the image, or its
    // plotted points (`table`) as CSV; `caption` describes an SVG, `title`
    // names a PDF.
    static bool save(QCustomPlot &plot, ExportFormat format, const QString &path, const ExportSettings &settings,
                     const QString &title, const QString &caption, const PlottedTable &table, QString *error);

    // Builds the chart off-screen and writes it in `format`.
    static bool exportChart(const ComparisonData &data, const ChartOptions &options, ExportFormat format,
                            const QString &path, const ExportSettings &settings, QString *error);

    static std::optional<ExportFormat> formatFromPath(const QString &path);
    static QString suffix(ExportFormat format);
};

} // namespace wb::charts
