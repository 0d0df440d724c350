// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window only hosts pages: a navigation list on the left, the pages
// in a stack, and a status bar. Each page owns its own logic.

#include <QMainWindow>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace wb {
class Settings;
}

namespace wb::gui {

class Page;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(Settings &settings, QWidget *parent = nullptr);

    void addPage(Page *page);
    int pageCount() const;
    Page *page(int index) const;
    Page *currentPage() const;
    void setCurrentPage(int index);

    // Status of the local agent, shown permanently in the status bar.
    void setAgentStatus(const QString &text, bool ok);
    QString agentStatus() const;

    void restoreWindowState();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void showAbout();

    Settings &m_settings;
    QListWidget *m_nav;
    QStackedWidget *m_stack;
    QLabel *m_agentStatus;
};

} // namespace wb::gui
