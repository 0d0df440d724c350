// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A widget showing one comparison chart, with hover tooltips that name the
// value and its source. Each setChart() builds into a fresh QCustomPlot, so
// no state of an earlier chart (layout rows, tickers, scales) leaks into the
// next. For people who cannot see it, the chart has an accessible name
// (its title) and description (its caption), takes keyboard focus, and
// offers the points it plotted as a table ("Show as table": context menu,
// Ctrl+T), the text alternative of every comparison chart.

#include "analysis/comparisondata.h"
#include "chartbuilder.h"

#include <QWidget>

class QCustomPlot;
class QDialog;
class QVBoxLayout;

namespace wb::charts {

class ChartView : public QWidget
{
    Q_OBJECT
public:
    explicit ChartView(QWidget *parent = nullptr);

    void setChart(const ComparisonData &data, const ChartOptions &options);

    QCustomPlot *plot() const { return m_plot; }
    const ChartContent &content() const { return m_content; }
    const ComparisonData &data() const { return m_data; }
    const ChartOptions &options() const { return m_options; }

    // The tooltip text for a point in plot widget coordinates, empty when
    // nothing is under it. The tooltip shows exactly this.
    QString hoverTextAt(const QPointF &pos) const;

    // Opens (or raises) a window with the plotted points as a table; the
    // window is this view's child and closes with it.
    QDialog *showTable();

signals:
    void chartChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    // Redraws in the new colours when the palette changes (dark/light).
    void changeEvent(QEvent *event) override;

private:
    QVBoxLayout *m_layout;
    QCustomPlot *m_plot = nullptr;
    ChartContent m_content;
    ComparisonData m_data;
    ChartOptions m_options;
    QDialog *m_table = nullptr;
};

} // namespace wb::charts
