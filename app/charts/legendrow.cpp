// SPDX-License-Identifier: GPL-3.0-or-later
#include "legendrow.h"

#include "legendnote.h"

#include <QFontMetrics>

#include <algorithm>

namespace wb::charts {

namespace {

constexpr int kSideRoom = 16; // pixels kept free beside the legend

const char *const kFullName = "fullName";

// What an entry shows in `room` pixels: its whole text (kept aside the first
// time it had to be shortened), or that text with an ellipsis in the middle.
QString fitted(QObject *entry, const QString &current, const QFontMetrics &metrics, int room)
{
    const QVariant full = entry->property(kFullName);
    const QString text = full.isValid() ? full.toString() : current;
    if (metrics.horizontalAdvance(text) <= room)
        return text;
    if (!full.isValid())
        entry->setProperty(kFullName, text);
    return metrics.elidedText(text, Qt::ElideMiddle, room); // the end often says "(historical baseline)"
}

} // namespace

LegendRow::LegendRow(QCPLegend *legend, int maxColumns) : m_legend(legend), m_maxColumns(std::max(1, maxColumns)) {}

int LegendRow::columnsFor(const QList<int> &itemWidths, int spacing, int width, int maxColumns)
{
    const int n = int(itemWidths.size());
    for (int cols = std::min(n, maxColumns); cols > 1; --cols) {
        QList<int> widest(cols, 0);
        for (int i = 0; i < n; ++i)
            widest[i % cols] = std::max(widest[i % cols], itemWidths[i]);
        int total = spacing * (cols - 1);
        for (int w : std::as_const(widest))
            total += w;
        if (total <= width)
            return cols;
    }
    return 1;
}

void LegendRow::update(UpdatePhase phase)
{
    if (phase == upPreparation && m_legend && mParentPlot)
        fit();
    QCPLayoutGrid::update(phase);
}

void LegendRow::fit()
{
    const QMargins m = m_legend->margins();
    const int width = mParentPlot->viewport().width() - kSideRoom - m.left() - m.right();
    if (width <= 0)
        return;
    QList<QCPAbstractLegendItem *> items;
    for (int i = 0; i < m_legend->elementCount(); ++i)
        if (auto *item = qobject_cast<QCPAbstractLegendItem *>(m_legend->elementAt(i)))
            items.append(item);
    if (items.isEmpty())
        return;
    // An entry wider than the chart is shortened with an ellipsis; a wider
    // chart later gets the whole text back.
    const QSize icon = m_legend->iconSize();
    for (QCPAbstractLegendItem *item : std::as_const(items)) {
        const QFontMetrics metrics(item->font());
        const int room = width - icon.width() - m_legend->iconTextPadding() - item->margins().left()
            - item->margins().right();
        if (auto *p = qobject_cast<QCPPlottableLegendItem *>(item))
            p->plottable()->setName(fitted(p->plottable(), p->plottable()->name(), metrics, room));
        else if (auto *note = qobject_cast<LegendNote *>(item))
            note->setText(fitted(note, note->text(), metrics, room));
    }
    QList<int> widths;
    for (QCPAbstractLegendItem *item : std::as_const(items))
        widths.append(static_cast<QCPLayoutElement *>(item)->minimumOuterSizeHint().width());
    const int cols = columnsFor(widths, m_legend->columnSpacing(), width, m_maxColumns);
    if (cols != m_legend->wrap() || m_legend->columnCount() > cols) {
        m_legend->setWrap(cols);
        m_legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

} // namespace wb::charts
