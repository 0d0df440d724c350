// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where a store test keeps its database. Normally a file in the test's
// temporary folder; when WB_TEST_PG_URL_FILE names the state file of the
// throwaway PostgreSQL server (the CTest fixture "pg", tests/core/
// pg_server.sh), a new empty database on that server instead, so the same
// test executables run against both back ends.

#include <QCoreApplication>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

namespace wbtest {

// postgresql://wb@127.0.0.1:PORT/ of the fixture's server, or empty.
inline QString postgresServer()
{
    const QString file = qEnvironmentVariable("WB_TEST_PG_URL_FILE");
    if (file.isEmpty())
        return {};
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("WB_TEST_PG_URL_FILE %s cannot be read: is the pg fixture running?", qPrintable(file));
    return QString::fromUtf8(f.readAll()).trimmed();
}

inline bool usingPostgres()
{
    return !postgresServer().isEmpty();
}

// Creates database `name` on the fixture's server (dropping an old one).
inline QString createPostgresDatabase(const QString &name)
{
    const QUrl server(postgresServer());
    const QString connection = QStringLiteral("wbtest-admin");
    {
        QSqlDatabase db = QSqlDatabase::contains(connection) ? QSqlDatabase::database(connection)
                                                             : QSqlDatabase::addDatabase(QStringLiteral("QPSQL"),
                                                                                         connection);
        db.setHostName(server.host());
        db.setPort(server.port());
        db.setUserName(server.userName());
        db.setDatabaseName(QStringLiteral("postgres"));
        if (!db.isOpen() && !db.open())
            qFatal("cannot reach the test PostgreSQL server: %s", qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        // Names are made by the tests (letters, digits, _): safe to splice.
        if (!q.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name)) ||
            !q.exec(QStringLiteral("CREATE DATABASE %1").arg(name)))
            qFatal("cannot create test database %s: %s", qPrintable(name), qPrintable(q.lastError().text()));
    }
    return postgresServer() + name;
}

// A database for one test: `dir`/`fileName`, or a fresh PostgreSQL database
// named after the test program, the process and a counter.
inline QString databaseLocation(const QTemporaryDir &dir, const QString &fileName)
{
    if (!usingPostgres())
        return dir.filePath(fileName);
    static int counter = 0;
    QString app = QCoreApplication::applicationName().toLower();
    app.remove(QChar(u'-'));
    return createPostgresDatabase(
        QStringLiteral("%1_%2_%3").arg(app).arg(QCoreApplication::applicationPid()).arg(++counter));
}

} // namespace wbtest

// Skips a test that is about SQLite files (permissions, damaged files, WAL).
#define WB_SQLITE_ONLY()                                                                                               \
    do {                                                                                                               \
        if (wbtest::usingPostgres())                                                                                   \
            QSKIP("about SQLite files; the PostgreSQL back end has its own tests (tst_pgstore)");                     \
    } while (false)
