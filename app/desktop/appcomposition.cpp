// SPDX-License-Identifier: GPL-3.0-or-later
#include "appcomposition.h"

#include "baselinespage.h"
#include "comparepage.h"
#include "config/settings.h"
#include "inventorypage.h"
#include "mainwindow.h"
#include "planspage.h"
#include "remote/agentclient.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"
#include "runspage.h"

#include <QObject>
#include <QStatusBar>

namespace wb {

AppComposition::AppComposition()
    : m_settings(std::make_unique<Settings>()),
      m_window(std::make_unique<gui::MainWindow>(*m_settings)),
      m_localAgent(std::make_unique<AgentClient>(new LocalTransport(locateAgent())))
{
    m_window->addPage(new gui::InventoryPage);
    m_window->addPage(new gui::PlansPage);
    m_window->addPage(new gui::RunsPage);
    m_window->addPage(new gui::ComparePage);
    m_window->addPage(new gui::BaselinesPage);
    m_window->restoreWindowState();

    gui::MainWindow *w = m_window.get();
    QObject::connect(m_localAgent.get(), &AgentClient::ready, w, [w](const HelloInfo &h) {
        w->setAgentStatus(QObject::tr("Local agent %1 (protocol %2) on %3")
                              .arg(h.agentVersion)
                              .arg(h.protocol)
                              .arg(h.host),
                          true);
    });
    QObject::connect(m_localAgent.get(), &AgentClient::persistentError, w, [w](const QString &m) {
        w->setAgentStatus(QObject::tr("Local agent unavailable"), false);
        w->statusBar()->showMessage(m);
    });
}

AppComposition::~AppComposition() = default;

void AppComposition::start()
{
    m_localAgent->start();
}

} // namespace wb
