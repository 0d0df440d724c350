// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonreport.h"

#include "analysis/comparisondata.h"
#include "chartexporter.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace wb::charts {

bool ComparisonReport::write(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
                             const QString &path, QString *error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool pdf = suffix == u"pdf"_s;
    if (!pdf && suffix != u"html"_s && suffix != u"htm"_s) {
        if (error)
            *error = u"%1: a report is written as .html or .pdf"_s.arg(path);
        return false;
    }
    // The chart, drawn by the same code as everywhere else.
    QTemporaryDir tmp;
    const QString chartPath = tmp.filePath(u"chart.png"_s);
    if (!ChartExporter::exportChart(data, options, ExportFormat::Png, chartPath, {QSize(1400, 900), 130}, error))
        return false;
    QFile chartFile(chartPath);
    if (!chartFile.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read the drawn chart"_s;
        return false;
    }
    const QByteArray png = chartFile.readAll();

    QString html = u"<html><head><meta charset=\"utf-8\"><title>%1</title>"
                   "<style>body{font-family:sans-serif;margin:2em;} table{border-collapse:collapse;} "
                   "td,th{border:1px solid #bbb;padding:3px 8px;text-align:left;} th{background:#eee;} "
                   "img{max-width:100%;}</style></head><body>"_s.arg(data.title.toHtmlEscaped());
    html += u"<h1>%1</h1><p>%2</p><p>Generated %3 by Wirebench %4.</p>"_s.arg(
        data.title.toHtmlEscaped(), data.description.toHtmlEscaped(),
        QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s), QStringLiteral(WIREBENCH_VERSION));
    const QString imageSrc = pdf ? u"chart.png"_s : u"data:image/png;base64,"_s + QString::fromLatin1(png.toBase64());
    html += u"<h2>Chart</h2><p><img src=\"%1\" width=\"900\"></p>"_s.arg(imageSrc);
    for (const ReportSection &s : sections)
        html += u"<h2>%1</h2>%2"_s.arg(s.title.toHtmlEscaped(), s.html);
    html += u"</body></html>"_s;

    if (!pdf) {
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(html.toUtf8()) < 0) {
            if (error)
                *error = u"%1: cannot write: %2"_s.arg(path, out.errorString());
            return false;
        }
        return true;
    }
    QTextDocument doc;
    doc.addResource(QTextDocument::ImageResource, QUrl(u"chart.png"_s), QImage::fromData(png, "PNG"));
    doc.setHtml(html);
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(150);
    writer.setTitle(data.title);
    writer.setCreator(u"Wirebench"_s);
    doc.setPageSize(QSizeF(writer.width(), writer.height()));
    doc.print(&writer);
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        if (error)
            *error = u"%1: the PDF could not be written"_s.arg(path);
        return false;
    }
    return true;
}

} // namespace wb::charts
