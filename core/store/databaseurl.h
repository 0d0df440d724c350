// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A shared PostgreSQL database named by a URL
// (postgresql://user@host:port/dbname?sslmode=require). Parses it into the
// QPSQL connection settings, passes TLS and timeout query parameters through
// to libpq, and gives the form to show and store, with the password elided.
// Passwords never come from settings: libpq reads ~/.pgpass and PGPASSWORD
// itself; a password typed by the user (or read from the keychain by the
// app) is kept in memory for this process only, so every connection of the
// process (writer thread, reader pool, change listener) can use it.

#include "storeerror.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace wb {

class DatabaseUrl
{
public:
    // Whether `location` names a PostgreSQL database rather than a file.
    static bool isPostgres(const QString &location);
    static StoreResult<DatabaseUrl> parse(const QString &location);
    // A database location as it may be shown to a person or written to a
    // log: a file path as it is, a URL without its password (also a URL
    // that does not parse, so an error message cannot leak one). Every
    // place that prints a location goes through this.
    static QString redacted(const QString &location);

    QString host() const { return m_host; }
    int port() const { return m_port; }
    QString user() const { return m_user; }
    QString databaseName() const { return m_database; }
    // The password in the URL, else one remembered for this URL.
    QString password() const;
    // libpq options for QSqlDatabase::setConnectOptions ("sslmode=require;...").
    QString connectOptions() const;
    // Sets host, port, user, database, password and options on a QPSQL
    // connection (not yet open).
    void apply(QSqlDatabase &db) const;
    // postgresql://user@host:port/dbname?params — never with the password.
    QString display() const;

    // In-memory passwords for this process, keyed by display().
    static void rememberPassword(const QString &location, const QString &password);
    static void forgetPassword(const QString &location);
    static bool hasRememberedPassword(const QString &location);

    // libpq connect parameters taken from the URL's query (TLS, timeouts).
    static const QStringList &passedParameters();

private:
    QString m_host;
    int m_port = 5432;
    QString m_user;
    QString m_password;
    QString m_database;
    QList<std::pair<QString, QString>> m_params;
};

} // namespace wb
