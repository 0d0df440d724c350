// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartview.h"

#include <QEvent>

#include "offthreadrelease.h"
#include "qcustomplotinclude.h"
#include "tablewindow.h"

#include <QAction>
#include <QDialog>
#include <QHelpEvent>
#include <QToolTip>
#include <QVBoxLayout>

namespace wb::charts {

ChartView::ChartView(QWidget *parent)
    : QWidget(parent), m_layout(new QVBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    m_layout->addWidget(m_plot);
    setFocusPolicy(Qt::StrongFocus); // reachable by Tab, for "Show as table"
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *table = new QAction(tr("Show as table"), this);
    table->setObjectName(QStringLiteral("showChartTable"));
    table->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    table->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(table, &QAction::triggered, this, &ChartView::showTable);
    addAction(table);
    setAccessibleName(tr("Chart"));
}

QDialog *ChartView::showTable()
{
    m_table = showTableWindow(this, m_content.plotted(), m_data.title);
    return m_table;
}

void ChartView::setChart(const ComparisonData &data, const ChartOptions &options)
{
    auto *fresh = new QCustomPlot(this);
    fresh->setObjectName(QStringLiteral("chartPlot"));
    fresh->setMinimumSize(320, 240);
    fresh->setAttribute(Qt::WA_AlwaysShowToolTips);
    fresh->installEventFilter(this);
    ComparisonData copy = data; // may be m_data itself (a palette change redraws)
    releaseOffGuiThread(std::exchange(m_data, std::move(copy)));
    m_options = options;
    m_content = ChartBuilder::build(*fresh, m_data, m_options);
    m_layout->replaceWidget(m_plot, fresh);
    delete m_plot;
    m_plot = fresh;
    // A child added to a shown widget stays hidden until the event loop runs
    // QLayout's queued show; show and size it now so grab() and exports
    // right after setChart() see the chart.
    m_plot->show();
    m_layout->activate();
    m_plot->replot();
    // What a screen reader says: the title, and the caption (metric, grouping, sources).
    setAccessibleName(m_data.title.isEmpty() ? tr("Chart") : tr("Chart: %1").arg(m_data.title));
    setAccessibleDescription(ChartBuilder::caption(m_data, m_options) + u'\n'
                             + tr("Ctrl+T or the context menu shows the plotted values as a table."));
    m_plot->setAccessibleName(accessibleName());
    if (m_table && m_table->isVisible())
        showTable(); // the open table follows the chart
    emit chartChanged();
}

void ChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) && m_plot)
        setChart(m_data, m_options);
}

QString ChartView::hoverTextAt(const QPointF &pos) const
{
    double best = m_plot->selectionTolerance();
    QString text;
    for (int i = 0; i < m_plot->plottableCount(); ++i) {
        QCPAbstractPlottable *p = m_plot->plottable(i);
        const auto it = m_content.hover.constFind(p);
        if (it == m_content.hover.cend() || !p->visible())
            continue;
        QVariant details;
        const double d = p->selectTest(pos, false, &details);
        if (d < 0 || d > best)
            continue;
        int index = -1;
        const auto sel = details.value<QCPDataSelection>();
        if (!sel.isEmpty())
            index = sel.dataRange(0).begin();
        double key = 0;
        double value = 0;
        p->pixelsToCoords(pos, key, value);
        const QString t = (*it)(index, key, value);
        if (t.isEmpty())
            continue;
        best = d;
        text = t;
    }
    return text;
}

bool ChartView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = hoverTextAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_plot);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace wb::charts
