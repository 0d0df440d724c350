// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings.h"


#include <QDir>
#include <QStandardPaths>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
const auto kGeometry = u"window/geometry"_s;
const auto kState = u"window/state"_s;
const auto kPage = u"window/page"_s;
const auto kDatabase = u"data/database"_s;
const auto kLastFolder = u"ui/lastFolder"_s;

QString viewStateKey(Settings::ViewState view)
{
    switch (view) {
    case Settings::ViewState::ResultsSplitter: return u"ui/results/splitter"_s;
    // "columns", not the old "header": the table gained Test and Parameters
    // columns, and an older state would put its widths on the wrong ones.
    case Settings::ViewState::ResultsHeader: return u"ui/results/columns"_s;
    case Settings::ViewState::RunsSplitter: return u"ui/runs/splitter"_s;
    case Settings::ViewState::RunsLogHeader: return u"ui/runs/logHeader"_s;
    case Settings::ViewState::InventorySplitter: return u"ui/inventory/splitter"_s;
    case Settings::ViewState::PlansSplitter: return u"ui/plans/splitter"_s;
    }
    return u"ui/unknown"_s;
}
} // namespace

Settings::Settings() : m_settings(u"Wirebench"_s, u"wirebench"_s) {}

QByteArray Settings::windowGeometry() const { return m_settings.value(kGeometry).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray &geometry) { m_settings.setValue(kGeometry, geometry); }
QByteArray Settings::windowState() const { return m_settings.value(kState).toByteArray(); }
void Settings::setWindowState(const QByteArray &state) { m_settings.setValue(kState, state); }
int Settings::currentPage() const { return m_settings.value(kPage, 0).toInt(); }
void Settings::setCurrentPage(int page) { m_settings.setValue(kPage, page); }

QString Settings::databasePath() const
{
    const QString p = m_settings.value(kDatabase).toString();
    return p.isEmpty() ? defaultDatabasePath() : p;
}

void Settings::setDatabasePath(const QString &path)
{
    // Passwords never go into the settings file. Callers pass a shared
    // database's URL in its display form; a password left in is dropped here.
    if (path.contains(u"://"_s)) {
        QUrl url(path, QUrl::TolerantMode);
        if (!url.password().isEmpty()) {
            url.setPassword(QString());
            m_settings.setValue(kDatabase, url.toString());
            return;
        }
    }
    m_settings.setValue(kDatabase, path);
}

bool Settings::databasePasswordInKeychain() const
{
    return m_settings.value(u"data/passwordInKeychain"_s, false).toBool();
}

void Settings::setDatabasePasswordInKeychain(bool on) { m_settings.setValue(u"data/passwordInKeychain"_s, on); }

bool Settings::firstRunDone() const { return m_settings.value(u"app/firstRunDone"_s, false).toBool(); }
void Settings::setFirstRunDone(bool done) { m_settings.setValue(u"app/firstRunDone"_s, done); }

QString Settings::sessionDatabase(const QString &commandLine)
{
    return commandLine.isEmpty() ? qEnvironmentVariable("WIREBENCH_DB") : commandLine;
}

QString Settings::defaultDatabasePath()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + u"/.local/share"_s;
    return dir + u"/wirebench/wirebench.sqlite"_s;
}

QByteArray Settings::viewState(ViewState view) const { return m_settings.value(viewStateKey(view)).toByteArray(); }
void Settings::setViewState(ViewState view, const QByteArray &state) { m_settings.setValue(viewStateKey(view), state); }

QString Settings::lastFolder() const { return m_settings.value(kLastFolder).toString(); }
void Settings::setLastFolder(const QString &folder) { m_settings.setValue(kLastFolder, folder); }

} // namespace wb
