// SPDX-License-Identifier: GPL-3.0-or-later
#include "historywindow.h"

#include "chartbuilder.h"
#include "chartexporter.h"
#include "qcustomplotinclude.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"
#include "tablewindow.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// What one read brings back: the elements the run went through, which of
// them the history follows, and the history (or why there is none).
struct HistoryRead
{
    QList<HistoryElement> elements;
    int chosen = 0;
    bool loopback = false; // the run crossed no wire
    std::optional<History> history;
    QString error;
};

bool sameElement(const HistoryElement &a, const HistoryElement &b)
{
    return a.type == b.type && a.first == b.first && a.second == b.second;
}

} // namespace

HistoryWindow::HistoryWindow(std::shared_ptr<StoreService> store, QWidget *parent)
    : QDialog(parent), m_store(std::move(store))
{
    setObjectName(u"historyWindow"_s);
    setWindowTitle(tr("History"));
    setWindowFlag(Qt::Window);
    setAttribute(Qt::WA_DeleteOnClose, false);
    resize(960, 620);
    m_layout = new QVBoxLayout(this);
    m_heading = new QLabel;
    m_heading->setObjectName(u"historyHeading"_s);
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_heading);

    auto *row = new QHBoxLayout;
    m_element = new QComboBox;
    m_element->setObjectName(u"historyElementSelector"_s);
    m_element->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_element->setMinimumContentsLength(24);
    m_element->setToolTip(tr("The element of the lab the history follows: the host pair, or one NIC, switch or cable "
                             "the newest run of the row crossed"));
    auto *elementLabel = new QLabel(tr("&Element:"));
    elementLabel->setBuddy(m_element);
    row->addWidget(elementLabel);
    row->addWidget(m_element, 1);
    m_busy = new QProgressBar;
    m_busy->setRange(0, 0);
    m_busy->setFixedWidth(48);
    m_busy->setTextVisible(false);
    m_busy->setToolTip(tr("Reading the history from the database"));
    m_busy->hide();
    row->addWidget(m_busy);

    auto *table = new QAction(tr("Show as &table"), this);
    table->setObjectName(u"showHistoryTable"_s);
    table->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(table, &QAction::triggered, this, [this] { charts::showTableWindow(this, m_content.table, title()); });
    addAction(table);
    auto *tableButton = new QToolButton;
    tableButton->setDefaultAction(table);
    row->addWidget(tableButton);
    m_export = new QToolButton;
    m_export->setObjectName(u"historyExport"_s);
    m_export->setText(tr("&Export…"));
    m_export->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_export->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_export->setToolTip(tr("The chart as PNG, SVG or PDF, or its points as CSV (by the file's suffix)"));
    connect(m_export, &QToolButton::clicked, this, &HistoryWindow::onExport);
    row->addWidget(m_export);
    m_layout->addLayout(row);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(u"historyPlot"_s);
    m_plot->setMinimumSize(480, 300);
    m_layout->addWidget(m_plot, 1);
    m_status = new QLabel;
    m_status->setObjectName(u"historyStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_status);

    connect(m_element, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_updating && index >= 0)
            load(index);
    });
}

void HistoryWindow::showHistory(const Condition &condition, qint64 runId, double confidence,
                                const std::optional<HistoryElement> &preferred)
{
    m_condition = condition;
    m_runId = runId;
    m_confidence = confidence;
    m_preferred = preferred;
    m_elements.clear();
    load(-1);
}

void HistoryWindow::load(int elementIndex)
{
    if (!m_store) {
        m_status->setText(tr("No database is open."));
        emit loaded();
        return;
    }
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_busy->show();
    m_element->setEnabled(false);
    m_status->setText(tr("Reading the history…"));
    std::optional<HistoryElement> wanted = elementIndex >= 0 && elementIndex < m_elements.size()
                                               ? std::optional(m_elements[elementIndex])
                                               : m_preferred;
    m_store
        ->read([runId = m_runId, condition = m_condition, confidence = m_confidence,
               wanted](ResultStore &store) -> StoreResult<HistoryRead> {
            HistoryRead out;
            auto run = store.runs().run(runId, false);
            if (!run) {
                out.error = run.error().message;
                return out;
            }
            out.elements = historyElementsOf(*run);
            out.loopback = linkOfRun(*run).linkClass == LinkInfo::Class::Loopback;
            for (int i = 0; wanted && i < out.elements.size(); ++i)
                if (sameElement(out.elements[i], *wanted))
                    out.chosen = i;
            auto h = loadHistory(store, historyQueryFor(condition, out.elements[out.chosen], confidence));
            if (h)
                out.history = std::move(*h);
            else
                out.error = h.error().message;
            return out;
        })
        .then(this, [this, generation](const StoreResult<HistoryRead> &result) {
            if (generation != m_generation)
                return; // a newer request is on its way
            const HistoryRead read = result ? *result : HistoryRead{{}, 0, false, std::nullopt, result.error().message};
            m_loading = false;
            m_busy->hide();
            m_elements = read.elements;
            m_loopback = read.loopback;
            m_updating = true;
            m_element->clear();
            for (const HistoryElement &e : m_elements)
                m_element->addItem(e.label());
            m_element->setCurrentIndex(read.chosen);
            m_element->setEnabled(m_elements.size() > 1);
            m_updating = false;
            if (!read.history) {
                m_history = {};
                m_status->setText(tr("The history could not be read: %1").arg(read.error));
            } else {
                m_history = *read.history;
                m_status->setText(tr("No finished run of this condition on this element."));
            }
            draw();
            emit loaded();
        });
}

QString HistoryWindow::title() const
{
    return tr("History: %1, %2").arg(m_history.metricLabel, m_history.element.label());
}

void HistoryWindow::draw()
{
    auto *fresh = new QCustomPlot(this);
    fresh->setObjectName(u"historyPlot"_s);
    fresh->setMinimumSize(480, 300);
    fresh->setPalette(palette());
    m_content = charts::HistoryChart::build(*fresh, m_history, title());
    m_layout->replaceWidget(m_plot, fresh);
    delete m_plot;
    m_plot = fresh;
    m_plot->show();
    m_plot->replot();
    m_plot->setAccessibleName(title());
    m_plot->setAccessibleDescription(m_content.caption + u'\n' + tr("Ctrl+T shows the plotted points as a table."));
    m_heading->setText(m_loopback ? tr("%1 · %2 (loopback: the newest run crossed no wire)").arg(m_condition.displayLabel(), m_history.element.label())
                                  : tr("%1 · %2").arg(m_condition.displayLabel(), m_history.element.label()));
    if (m_history.shownCondition < 0)
        return; // the status says why, or the chart says there are no runs
    QString text = tr("Points: %1 · change points: %2 · environment changes: %3.")
                       .arg(m_history.points.size())
                       .arg(m_history.changePoints.size())
                       .arg(m_history.environmentChanges.size());
    if (m_history.conditions.size() > 1)
        text += u' '
                + tr("Other conditions with runs on this element: %1 (not drawn here).").arg(m_history.conditions.size() - 1);
    m_status->setText(text);
}

bool HistoryWindow::exportChart(const QString &path, QString *error)
{
    const auto format = charts::ChartExporter::formatFromPath(path);
    if (!format) {
        if (error)
            *error = tr("%1: the file name must end in .png, .svg, .pdf or .csv").arg(path);
        return false;
    }
    return charts::HistoryChart::exportChart(m_history, title(), *format, path, {}, error);
}

void HistoryWindow::onExport()
{
    auto finish = [this](const QString &path) {
        QString error;
        m_status->setText(exportChart(path, &error) ? tr("Exported %1").arg(path) : error);
    };
    if (!m_nextExportPath.isEmpty()) {
        finish(std::exchange(m_nextExportPath, QString()));
        return;
    }
    auto *dialog = new QFileDialog(this, tr("Export the history"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(u"png"_s);
    dialog->setNameFilters({tr("PNG image (*.png)"), tr("SVG image (*.svg)"), tr("PDF document (*.pdf)"),
                            tr("Plotted points (*.csv)")});
    dialog->selectFile(u"history.png"_s);
    connect(dialog, &QFileDialog::fileSelected, this, finish);
    dialog->open();
}

void HistoryWindow::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) && m_plot
        && !m_loading && m_runId)
        draw(); // the new colours
}

} // namespace wb::gui
