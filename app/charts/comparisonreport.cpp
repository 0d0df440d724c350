// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonreport.h"

#include "analysis/comparisondata.h"
#include "chartbuilder.h"
#include "chartexporter.h"

#include "qcustomplotinclude.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>

#include <langinfo.h>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::ComparisonReport)
};

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

struct Paper
{
    const char *name;
    QPageSize::PageSizeId id;
};
constexpr Paper kPapers[] = {{"a4", QPageSize::A4},
                             {"letter", QPageSize::Letter},
                             {"legal", QPageSize::Legal},
                             {"a3", QPageSize::A3},
                             {"a5", QPageSize::A5}};

// The chart inside the PDF's text flow: an inline object the text layout
// places like an image, drawn by QCustomPlot as paths and text.
constexpr int kChartObject = QTextFormat::UserObject + 1;
constexpr int kChartSize = QTextFormat::UserProperty + 1;

class ChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    ChartObject(QCustomPlot &plot, QSize logical) : m_plot(plot), m_logical(logical) {}
    // Only this painter can draw the plot (QCustomPlot draws on a QCPPainter).
    void setPainter(QCPPainter *painter) { m_painter = painter; }

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &format) override
    {
        return format.property(kChartSize).toSizeF();
    }
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &) override
    {
        if (painter != m_painter || !m_painter)
            return;
        m_painter->save();
        m_painter->translate(rect.topLeft());
        m_painter->scale(rect.width() / m_logical.width(), rect.height() / m_logical.height());
        m_plot.toPainter(m_painter, m_logical.width(), m_logical.height());
        m_painter->restore();
    }

private:
    QCustomPlot &m_plot;
    QSize m_logical;
    QCPPainter *m_painter = nullptr;
};

const QString kChartMarker = u"[[wirebench-chart]]"_s;

QString reportHtml(const ComparisonData &data, const QList<ReportSection> &sections, const QString &chartHtml)
{
    QString html = u"<html><head><meta charset=\"utf-8\"><title>%1</title>"
                   "<style>body{font-family:sans-serif;margin:2em;} table{border-collapse:collapse;} "
                   "td,th{border:1px solid #bbb;padding:3px 8px;text-align:left;} th{background:#eee;} "
                   "img{max-width:100%;}</style></head><body>"_s.arg(data.title.toHtmlEscaped());
    html += u"<h1>%1</h1><p>%2</p><p>%3</p>"_s.arg(
        data.title.toHtmlEscaped(), data.description.toHtmlEscaped(),
        Tr::tr("Generated %1 by Wirebench %2.")
            .arg(QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s), QStringLiteral(WIREBENCH_VERSION))
            .toHtmlEscaped());
    html += u"<h2>%1</h2><p>%2</p>"_s.arg(Tr::tr("Chart").toHtmlEscaped(), chartHtml);
    for (const ReportSection &s : sections)
        html += u"<h2>%1</h2>%2"_s.arg(s.title.toHtmlEscaped(), s.html);
    html += u"</body></html>"_s;
    return html;
}

bool writeHtml(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
               const QString &path, QString *error)
{
    // The chart as SVG inside the page: sharp at any zoom and when printed.
    QTemporaryDir tmp;
    const QString chartPath = tmp.filePath(u"chart.svg"_s);
    if (!ChartExporter::exportChart(data, options, ExportFormat::Svg, chartPath, {QSize(1000, 640), 96}, error))
        return false;
    QFile chartFile(chartPath);
    if (!chartFile.open(QIODevice::ReadOnly))
        return fail(error, Tr::tr("cannot read the drawn chart"));
    const QString img = u"<img src=\"data:image/svg+xml;base64,%1\" width=\"1000\" alt=\"%2\">"_s.arg(
        QString::fromLatin1(chartFile.readAll().toBase64()), data.title.toHtmlEscaped());
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(reportHtml(data, sections, img).toUtf8()) < 0 || !out.commit())
        return fail(error, Tr::tr("%1: cannot write: %2").arg(path, out.errorString()));
    return true;
}

bool writePdf(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
              const QString &path, QPageSize::PageSizeId paper, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, Tr::tr("%1: cannot write: %2").arg(path, file.errorString()));
    QPdfWriter writer(&file);
    writer.setPageSize(QPageSize(paper));
    writer.setPageMargins(QMarginsF(18, 15, 18, 12), QPageLayout::Millimeter);
    // 96 units per inch, as on screen: the chart's point-sized fonts then
    // keep their proportion to its lines. Everything stays vector.
    writer.setResolution(96);
    writer.setTitle(data.title);
    writer.setCreator(u"Wirebench"_s);

    const double width = writer.width();
    const double footer = 28;
    const double bodyHeight = writer.height() - footer;

    // The chart, built as for every export, laid out a little larger than
    // it is printed so its legend and captions have room.
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette());
    const QSizeF chartSize(width, std::min(width * 0.64, bodyHeight * 0.7));
    const QSize logical(int(std::lround(chartSize.width() * 1.3)), int(std::lround(chartSize.height() * 1.3)));
    plot.resize(logical);
    ChartBuilder::build(plot, data, options);
    ChartObject chart(plot, logical);

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    doc.documentLayout()->registerHandler(kChartObject, &chart);
    doc.setHtml(reportHtml(data, sections, kChartMarker.toHtmlEscaped()));
    for (QTextCursor c = doc.find(kChartMarker); !c.isNull(); c = doc.find(kChartMarker, c)) {
        QTextCharFormat f;
        f.setObjectType(kChartObject);
        f.setProperty(kChartSize, chartSize);
        c.insertText(QString(QChar::ObjectReplacementCharacter), f);
    }
    doc.setPageSize(QSizeF(width, bodyHeight));
    const int pages = doc.pageCount();

    QCPPainter painter;
    if (!painter.begin(&writer))
        return fail(error, Tr::tr("%1: cannot start the PDF painter").arg(path));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    chart.setPainter(&painter);
    QFont footerFont = doc.defaultFont();
    footerFont.setPointSizeF(8);
    for (int page = 0; page < pages; ++page) {
        if (page > 0 && !writer.newPage())
            return fail(error, Tr::tr("%1: cannot add page %2").arg(path).arg(page + 1));
        painter.save();
        painter.setClipRect(QRectF(0, 0, width, bodyHeight));
        painter.translate(0, -page * bodyHeight);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, page * bodyHeight, width, bodyHeight);
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
        painter.setFont(footerFont);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        const QRectF footerRect(0, bodyHeight + 8, width, footer - 8);
        painter.drawText(footerRect, Qt::AlignLeft | Qt::AlignBottom, data.title);
        painter.drawText(footerRect, Qt::AlignRight | Qt::AlignBottom, Tr::tr("Page %1 of %2").arg(page + 1).arg(pages));
    }
    painter.end();
    if (!file.commit())
        return fail(error, Tr::tr("%1: writing the PDF failed: %2").arg(path, file.errorString()));
    return true;
}

} // namespace

bool ComparisonReport::write(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
                             const QString &path, QString *error, QPageSize::PageSizeId paper)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"pdf"_s)
        return writePdf(data, options, sections, path, paper, error);
    if (suffix == u"html"_s || suffix == u"htm"_s)
        return writeHtml(data, options, sections, path, error);
    return fail(error, Tr::tr("%1: a report is written as .html or .pdf").arg(path));
}

std::optional<QPageSize::PageSizeId> ComparisonReport::paperFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    for (const Paper &p : kPapers)
        if (n == QLatin1StringView(p.name))
            return p.id;
    return std::nullopt;
}

QStringList ComparisonReport::paperNames()
{
    QStringList names;
    for (const Paper &p : kPapers)
        names << QString::fromLatin1(p.name);
    return names;
}

QPageSize::PageSizeId ComparisonReport::defaultPaper()
{
    if (const auto p = paperFromName(qEnvironmentVariable("PAPERSIZE")))
        return *p;
    QFile etc(u"/etc/papersize"_s);
    if (etc.open(QIODevice::ReadOnly)) {
        while (!etc.atEnd()) {
            const QString line = QString::fromUtf8(etc.readLine()).trimmed();
            if (line.isEmpty() || line.startsWith(u'#'))
                continue;
            if (const auto p = paperFromName(line))
                return *p;
            break;
        }
    }
    // glibc's LC_PAPER gives the paper in millimetres (QCoreApplication set the locale).
    const auto mm = [](nl_item item) { return int(reinterpret_cast<intptr_t>(nl_langinfo(item))); };
    if (mm(_NL_PAPER_WIDTH) == 216 && mm(_NL_PAPER_HEIGHT) == 279)
        return QPageSize::Letter;
    return QPageSize::A4;
}

} // namespace wb::charts

#include "comparisonreport.moc"
