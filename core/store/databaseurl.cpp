// SPDX-License-Identifier: GPL-3.0-or-later
#include "databaseurl.h"

#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
QMutex s_mutex;
QHash<QString, QString> &passwords()
{
    static QHash<QString, QString> p;
    return p;
}
// Without a timeout libpq waits for the kernel (minutes) on a black-holed
// host; a plan must learn quickly that its database is unreachable.
constexpr int kDefaultConnectTimeoutS = 5;

QString keyOf(const QString &location)
{
    auto url = DatabaseUrl::parse(location);
    return url ? url->display() : location;
}
} // namespace

const QStringList &DatabaseUrl::passedParameters()
{
    static const QStringList names{u"sslmode"_s,         u"sslrootcert"_s,  u"sslcert"_s,
                                   u"sslkey"_s,          u"sslcrl"_s,       u"sslcompression"_s,
                                   u"sslsni"_s,          u"ssl_min_protocol_version"_s,
                                   u"requiressl"_s,      u"gssencmode"_s,   u"connect_timeout"_s,
                                   u"application_name"_s, u"target_session_attrs"_s,
                                   u"keepalives"_s,      u"keepalives_idle"_s, u"passfile"_s};
    return names;
}

bool DatabaseUrl::isPostgres(const QString &location)
{
    return location.startsWith(u"postgresql://"_s) || location.startsWith(u"postgres://"_s);
}

StoreResult<DatabaseUrl> DatabaseUrl::parse(const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    auto invalid = [&](const QString &why) {
        return StoreError{StoreError::Kind::Invalid,
                          u"%1 is not a usable PostgreSQL URL: %2 (expected postgresql://USER@HOST:PORT/DBNAME)"_s
                              .arg(redacted(location), why)};
    };
    if (!isPostgres(location))
        return invalid(u"it does not start with postgresql://"_s);
    if (!url.isValid()) // QUrl's message quotes the whole URL, password and all
        return invalid(url.errorString().section(u"; source was"_s, 0, 0));
    DatabaseUrl d;
    d.m_host = url.host();
    if (d.m_host.isEmpty())
        return invalid(u"no host"_s);
    d.m_port = url.port(5432);
    if (d.m_port <= 0 || d.m_port > 65535)
        return invalid(u"bad port"_s);
    d.m_user = url.userName();
    d.m_password = url.password();
    d.m_database = url.path().mid(1);
    if (d.m_database.isEmpty() || d.m_database.contains(u'/'))
        return invalid(u"no database name after the host"_s);
    const QUrlQuery query(url);
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!passedParameters().contains(name)) {
            // Only a plain name is quoted: anything else may be the rest of
            // a pasted URL, password and all.
            static const QRegularExpression kPlainName(u"^[A-Za-z0-9_]{1,64}$"_s);
            const QString shown = kPlainName.match(name).hasMatch() ? u"'%1'"_s.arg(name) : u"(not a plain name)"_s;
            return invalid(u"unknown parameter %1 (known: %2)"_s.arg(shown, passedParameters().join(u", "_s)));
        }
        if (value.contains(u';'))
            return invalid(u"parameter '%1' may not contain ';'"_s.arg(name));
        d.m_params.append({name, value});
    }
    return d;
}

QString DatabaseUrl::redacted(const QString &location)
{
    // Text, not QUrl: a password typed with a raw '/', '?', '#' or '@' makes
    // QUrl see a short password and put the rest into the host or path,
    // where it would be shown. So from the first ':' of the user part to the
    // last '@' of the whole text goes, whatever lies between; a URL with '@'
    // in its path or query then shows less than it could, never a secret.
    // "scheme://", a mistyped "scheme:/", or a scheme-relative "//": what
    // follows may be user:password@. A file name (or :memory:) holds none.
    static const QRegularExpression kStart(u"^(?:[A-Za-z][A-Za-z0-9+.-]*:/+|//+)"_s);
    const QRegularExpressionMatch m = kStart.match(location);
    if (!m.hasMatch())
        return location;
    const qsizetype start = m.capturedEnd();
    const qsizetype firstAt = location.indexOf(u'@', start);
    const qsizetype colon = location.indexOf(u':', start);
    if (firstAt < 0 || colon < 0 || colon > firstAt)
        return location; // no user:password part
    const QStringView user = QStringView(location).sliced(start, colon - start);
    for (const QChar c : {u'/', u'?', u'#', u'[', u']'})
        if (user.contains(c))
            return location; // that ':' is a port or in the path, not after a user name
    return location.left(colon) + location.mid(location.lastIndexOf(u'@'));
}

QString DatabaseUrl::password() const
{
    if (!m_password.isEmpty())
        return m_password;
    QMutexLocker lock(&s_mutex);
    return passwords().value(display());
}

QString DatabaseUrl::connectOptions() const
{
    QStringList parts;
    bool timeout = false;
    for (const auto &[name, value] : m_params) {
        parts.append(name + u'=' + value);
        timeout = timeout || name == u"connect_timeout"_s;
    }
    if (!timeout)
        parts.append(u"connect_timeout=%1"_s.arg(kDefaultConnectTimeoutS));
    return parts.join(u';');
}

void DatabaseUrl::apply(QSqlDatabase &db) const
{
    db.setHostName(m_host);
    db.setPort(m_port);
    db.setDatabaseName(m_database);
    if (!m_user.isEmpty())
        db.setUserName(m_user);
    if (const QString pw = password(); !pw.isEmpty())
        db.setPassword(pw);
    db.setConnectOptions(connectOptions());
}

QString DatabaseUrl::display() const
{
    QUrl url;
    url.setScheme(u"postgresql"_s);
    url.setHost(m_host);
    url.setPort(m_port);
    url.setUserName(m_user);
    url.setPath(u'/' + m_database);
    if (!m_params.isEmpty()) {
        QUrlQuery q;
        for (const auto &[name, value] : m_params)
            q.addQueryItem(name, value);
        url.setQuery(q);
    }
    return url.toString();
}

void DatabaseUrl::rememberPassword(const QString &location, const QString &password)
{
    const QString key = keyOf(location);
    QMutexLocker lock(&s_mutex);
    passwords().insert(key, password);
}

void DatabaseUrl::forgetPassword(const QString &location)
{
    const QString key = keyOf(location);
    QMutexLocker lock(&s_mutex);
    passwords().remove(key);
}

bool DatabaseUrl::hasRememberedPassword(const QString &location)
{
    const QString key = keyOf(location);
    QMutexLocker lock(&s_mutex);
    return passwords().contains(key);
}

} // namespace wb
