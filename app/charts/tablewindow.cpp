// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablewindow.h"

#include "qcustomplotinclude.h"

#include <QAction>
#include <QDialog>
#include <QHeaderView>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace wb::charts {

namespace {

QString number(double v)
{
    return QLocale().toString(v, 'g', 6);
}

QString axisName(const QCPAxis *axis)
{
    return axis && !axis->label().isEmpty() ? axis->label() : QObject::tr("value");
}

} // namespace

PlottedTable graphsTable(const QCustomPlot &plot)
{
    QList<const QCPGraph *> graphs;
    for (int i = 0; i < plot.graphCount(); ++i)
        if (plot.graph(i)->visible() && !plot.graph(i)->data()->isEmpty())
            graphs.append(plot.graph(i));
    bool shared = true;
    for (const QCPGraph *g : graphs)
        shared = shared && axisName(g->keyAxis()) == axisName(graphs.first()->keyAxis())
                 && axisName(g->valueAxis()) == axisName(graphs.first()->valueAxis());
    PlottedTable t;
    if (graphs.isEmpty())
        return t;
    if (shared)
        t.header = {QObject::tr("Series"), axisName(graphs.first()->keyAxis()), axisName(graphs.first()->valueAxis())};
    else
        t.header = {QObject::tr("Series"), QObject::tr("x axis"), QObject::tr("x"), QObject::tr("y axis"),
                    QObject::tr("y")};
    for (const QCPGraph *g : graphs) {
        const QString series = g->name().isEmpty() ? QObject::tr("(unnamed)") : g->name();
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            if (shared)
                t.rows.append({series, number(it->key), number(it->value)});
            else
                t.rows.append({series, axisName(g->keyAxis()), number(it->key), axisName(g->valueAxis()),
                               number(it->value)});
        }
    }
    return t;
}

QDialog *showTableWindow(QWidget *parent, const PlottedTable &t, const QString &title)
{
    auto *window = parent->findChild<QDialog *>(QStringLiteral("chartTable"), Qt::FindDirectChildrenOnly);
    if (!window) {
        window = new QDialog(parent);
        window->setObjectName(QStringLiteral("chartTable"));
        auto *layout = new QVBoxLayout(window);
        auto *view = new QTableWidget(window);
        view->setObjectName(QStringLiteral("chartTableView"));
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        view->horizontalHeader()->setStretchLastSection(true);
        layout->addWidget(view);
        window->resize(720, 420);
    }
    auto *view = window->findChild<QTableWidget *>(QStringLiteral("chartTableView"));
    view->clear();
    view->setColumnCount(int(t.header.size()));
    view->setHorizontalHeaderLabels(t.header);
    view->setRowCount(int(t.rows.size()));
    for (int r = 0; r < t.rows.size(); ++r)
        for (int c = 0; c < t.rows.at(r).size(); ++c)
            view->setItem(r, c, new QTableWidgetItem(t.rows.at(r).at(c)));
    view->resizeColumnsToContents();
    window->setWindowTitle(QObject::tr("%1 — as a table").arg(title.isEmpty() ? QObject::tr("Chart") : title));
    view->setAccessibleName(window->windowTitle());
    window->show();
    window->raise();
    return window;
}

void offerTable(QCustomPlot *plot)
{
    plot->setFocusPolicy(Qt::StrongFocus); // reachable by Tab
    plot->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *action = new QAction(QObject::tr("Show as table"), plot);
    action->setObjectName(QStringLiteral("showChartTable"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    action->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(action, &QAction::triggered, plot,
                     [plot] { showTableWindow(plot, graphsTable(*plot), plot->accessibleName()); });
    plot->addAction(action);
}

} // namespace wb::charts
