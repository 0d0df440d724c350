// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The composition root of the desktop program: builds the core services and
// the main window with its pages, and wires them together. Tests build the
// same window through it.

#include <memory>

namespace wb {
class AgentClient;
class Settings;
namespace gui {
class MainWindow;
}

class AppComposition
{
public:
    AppComposition();
    ~AppComposition();

    gui::MainWindow &mainWindow() { return *m_window; }
    AgentClient &localAgent() { return *m_localAgent; }
    // Starts the background services (the local agent handshake).
    void start();

private:
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<gui::MainWindow> m_window;
    std::unique_ptr<AgentClient> m_localAgent;
};

} // namespace wb
