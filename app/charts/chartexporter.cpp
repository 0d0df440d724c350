// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexporter.h"

#include "analysis/comparisondata.h"
#include "chartbuilder.h"

#include "qcustomplotinclude.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::ChartExporter)
};

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

bool ChartExporter::savePng(QCustomPlot &plot, const QString &path, QSize pixels, int dpi, QString *error)
{
    if (pixels.width() < 16 || pixels.height() < 16 || pixels.width() > 20000 || pixels.height() > 20000)
        return fail(error, Tr::tr("%1: PNG size %2×%3 is outside 16..20000 pixels").arg(path).arg(pixels.width()).arg(pixels.height()));
    if (dpi < 24 || dpi > 2400)
        return fail(error, Tr::tr("%1: %2 DPI is outside 24..2400").arg(path).arg(dpi));
    // Lay the chart out at a logical size and scale the painter, so a higher
    // DPI gives bigger text and lines, not a smaller chart.
    const double scale = dpi / 96.0;
    const int w = std::max(1, int(std::lround(pixels.width() / scale)));
    const int h = std::max(1, int(std::lround(pixels.height() / scale)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(double(pixels.width()) / w, double(pixels.height()) / h);
        plot.toPainter(&painter, w, h);
    }
    // The DPI goes into the file only after painting: set before, Qt would
    // size point-sized fonts by it on top of the painter's scale.
    const int dotsPerMetre = int(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, Tr::tr("%1: cannot write: %2").arg(path, file.errorString()));
    if (!image.save(&file, "PNG") || !file.commit())
        return fail(error, Tr::tr("%1: writing the PNG failed: %2").arg(path, file.errorString()));
    return true;
}

bool ChartExporter::saveSvg(QCustomPlot &plot, const QString &path, QSize size, const QString &description, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, Tr::tr("%1: cannot write: %2").arg(path, file.errorString()));
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QFileInfo(path).completeBaseName());
    generator.setDescription(description);
    {
        QCPPainter painter;
        if (!painter.begin(&generator))
            return fail(error, Tr::tr("%1: cannot start the SVG painter").arg(path));
        plot.toPainter(&painter, size.width(), size.height());
        painter.end();
    }
    if (!file.commit())
        return fail(error, Tr::tr("%1: writing the SVG failed: %2").arg(path, file.errorString()));
    return true;
}

bool ChartExporter::savePdf(QCustomPlot &plot, const QString &path, QSize size, const QString &title, QString *error)
{
    // QCustomPlot writes the PDF itself; write next to the target and rename,
    // so a failed export never leaves half a file under the chosen name.
    const QString tmp = path + u".part"_s;
    if (!plot.savePdf(tmp, size.width(), size.height(), QCP::epAllowCosmetic, u"Wirebench"_s, title)) {
        QFile::remove(tmp);
        return fail(error, Tr::tr("%1: writing the PDF failed").arg(path));
    }
    QFile::remove(path);
    if (!QFile::rename(tmp, path)) {
        QFile::remove(tmp);
        return fail(error, Tr::tr("%1: cannot move the PDF into place").arg(path));
    }
    return true;
}

bool ChartExporter::saveCsv(const PlottedTable &table, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, Tr::tr("%1: cannot write: %2").arg(path, file.errorString()));
    file.write(table.toCsv().toUtf8());
    if (!file.commit())
        return fail(error, Tr::tr("%1: writing the CSV failed: %2").arg(path, file.errorString()));
    return true;
}

bool ChartExporter::exportChart(const ComparisonData &data, const ChartOptions &options, ExportFormat format,
                                const QString &path, const ExportSettings &settings, QString *error)
{
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette()); // files are printed: light whatever the screen uses
    plot.resize(settings.size);
    const ChartContent content = ChartBuilder::build(plot, data, options);
    return save(plot, format, path, settings, data.title, content.caption, content.plotted(), error);
}

std::optional<ExportFormat> ChartExporter::formatFromPath(const QString &path)
{
    const QString s = QFileInfo(path).suffix().toLower();
    for (ExportFormat f : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv})
        if (suffix(f) == s)
            return f;
    return std::nullopt;
}

bool ChartExporter::save(QCustomPlot &plot, ExportFormat format, const QString &path, const ExportSettings &settings,
                         const QString &title, const QString &caption, const PlottedTable &table, QString *error)
{
    switch (format) {
    case ExportFormat::Png:
        return savePng(plot, path, settings.size, settings.dpi, error);
    case ExportFormat::Svg:
        return saveSvg(plot, path, settings.size, caption, error);
    case ExportFormat::Pdf:
        return savePdf(plot, path, settings.size, title, error);
    case ExportFormat::Csv:
        return saveCsv(table, path, error);
    }
    return fail(error, Tr::tr("%1: unknown export format").arg(path));
}

QString ChartExporter::suffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return u"png"_s;
    case ExportFormat::Svg:
        return u"svg"_s;
    case ExportFormat::Pdf:
        return u"pdf"_s;
    case ExportFormat::Csv:
        return u"csv"_s;
    }
    return {};
}

} // namespace wb::charts
