// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one typed registry of user settings: every key with its default lives
// here, so no call site builds a QSettings or spells a key. Workers get
// values from it, never the object.

#include <QByteArray>
#include <QSettings>
#include <QString>

namespace wb {

class Settings
{
public:
    Settings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);
    int currentPage() const;
    void setCurrentPage(int page);

    // Results database: empty means the default file in the data folder.
    // A postgresql:// URL names a shared database (stored without password).
    QString databasePath() const;
    void setDatabasePath(const QString &path);
    // Opt-in: the shared database's password is kept in the system keychain
    // (never in this file); off, it comes from ~/.pgpass or a prompt.
    bool databasePasswordInKeychain() const;
    void setDatabasePasswordInKeychain(bool on);
    static QString defaultDatabasePath();
    // The database named for this session only (never remembered): the
    // front end's --db when given, else $WIREBENCH_DB; empty when neither
    // names one (then the front end opens its usual one).
    static QString sessionDatabase(const QString &commandLine);

    // Saved layout of a view (splitter sizes, table header columns), so the
    // desktop program reopens as the user left it. One key per view.
    enum class ViewState {
        ResultsSplitter,
        ResultsHeader,
        RunsSplitter,
        RunsLogHeader,
        InventorySplitter,
        PlansSplitter,
    };
    QByteArray viewState(ViewState view) const;
    void setViewState(ViewState view, const QByteArray &state);
    // The folder last used in a file dialog (plans, labs, exports).
    // False until the desktop program has been started once (then it shows
    // Getting started and loads the example labs into the new database).
    bool firstRunDone() const;
    void setFirstRunDone(bool done);

    QString lastFolder() const;
    void setLastFolder(const QString &folder);

private:
    QSettings m_settings;
};

} // namespace wb
