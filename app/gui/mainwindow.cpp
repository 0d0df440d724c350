// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "apppalette.h"

#include "config/settings.h"
#include "messagebox.h"
#include "page.h"
#include "userguide.h"

#include <QApplication>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>

namespace wb::gui {

MainWindow::MainWindow(Settings &settings, QWidget *parent)
    : QMainWindow(parent),
      m_settings(settings),
      m_nav(new QListWidget),
      m_stack(new QStackedWidget),
      m_agentStatus(new QLabel)
{
    setWindowTitle(tr("Wirebench"));
    setObjectName(QStringLiteral("MainWindow"));

    m_nav->setObjectName(QStringLiteral("navigation"));
    m_nav->setIconSize(QSize(24, 24));
    m_nav->setSpacing(2);
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_nav->setFixedWidth(170);
    QFont navFont = m_nav->font();
    navFont.setPointSizeF(navFont.pointSizeF() * 1.1);
    m_nav->setFont(navFont);

    auto *central = new QWidget;
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_nav);
    auto *line = new QFrame;
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);

    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);

    m_agentStatus->setObjectName(QStringLiteral("agentStatus"));
    setAgentStatus(tr("Local agent: starting…"), true);
    statusBar()->addPermanentWidget(m_agentStatus);

    createMenus();
    resize(1100, 720);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < 9; ++i) {
        QAction *a = view->addAction(QString(), this, [this, i] { setCurrentPage(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        a->setVisible(false); // filled in by addPage
        a->setObjectName(QStringLiteral("pageAction%1").arg(i));
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&User guide"), this, [this] {
        if (!UserGuide::open())
            MessageBox::warning(this, tr("User guide"),
                                tr("The user guide could not be opened. It is looked for in:\n%1")
                                    .arg(UserGuide::candidates().join(u'\n')));
    });
    guide->setObjectName(QStringLiteral("userGuide"));
    guide->setShortcut(QKeySequence::HelpContents); // F1
    help->addAction(tr("&About Wirebench"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::addPage(Page *page)
{
    const int index = m_stack->addWidget(page);
    auto *item = new QListWidgetItem(page->icon(), page->title());
    item->setSizeHint(QSize(0, 40));
    m_nav->addItem(item);
    if (auto *a = findChild<QAction *>(QStringLiteral("pageAction%1").arg(index))) {
        a->setText(page->title());
        a->setVisible(true);
    }
    if (m_nav->currentRow() < 0)
        m_nav->setCurrentRow(0);
}

int MainWindow::pageCount() const { return m_stack->count(); }
Page *MainWindow::page(int index) const { return qobject_cast<Page *>(m_stack->widget(index)); }
Page *MainWindow::currentPage() const { return qobject_cast<Page *>(m_stack->currentWidget()); }

void MainWindow::setCurrentPage(int index)
{
    if (index >= 0 && index < m_stack->count())
        m_nav->setCurrentRow(index);
}

void MainWindow::setAgentStatus(const QString &text, bool ok)
{
    m_agentStatus->setText(text);
    m_agentStatus->setStyleSheet(ok ? QString() : QStringLiteral("color: %1;").arg(AppPalette::errorColour(palette()).name()));
}

QString MainWindow::agentStatus() const { return m_agentStatus->text(); }

void MainWindow::restoreWindowState()
{
    const QByteArray geometry = m_settings.windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = m_settings.windowState();
    if (!state.isEmpty())
        restoreState(state);
    setCurrentPage(m_settings.currentPage());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_settings.setCurrentPage(m_stack->currentIndex());
    event->accept();
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About Wirebench"),
        tr("<h3>Wirebench %1</h3>"
           "<p>A workbench for network lab engineers: an inventory of the lab, test agents driven "
           "over SSH, and every result stored with the hardware it ran on and compared against "
           "historical baselines.</p>"
           "<p>Copyright © 2026 the Wirebench developers.</p>"
           "<p>This program is free software: you can redistribute it and/or modify it under the "
           "terms of the GNU General Public License as published by the Free Software Foundation, "
           "either version 3 of the License, or (at your option) any later version. It comes with "
           "ABSOLUTELY NO WARRANTY. Charts are drawn with QCustomPlot (GPL-3.0).</p>")
            .arg(QStringLiteral(WIREBENCH_VERSION)));
}

} // namespace wb::gui
