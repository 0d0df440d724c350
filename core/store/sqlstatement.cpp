// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlstatement.h"

#include "resultstore.h"

#include <QFileInfo>
#include <QLocale>
#include <QSqlError>
#include <QStorageInfo>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
// SQLite primary result codes (the low byte of extended codes).
constexpr int kSqliteBusy = 5;
constexpr int kSqliteLocked = 6;
constexpr int kSqliteCorrupt = 11;
constexpr int kSqliteFull = 13;
constexpr int kSqliteCantOpen = 14;
constexpr int kSqliteConstraint = 19;
constexpr int kSqliteNotADb = 26;
} // namespace

QString StoreError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return u"none"_s;
    case Kind::Unreadable:
        return u"unreadable"_s;
    case Kind::Corrupt:
        return u"corrupt"_s;
    case Kind::NotWirebench:
        return u"not-wirebench"_s;
    case Kind::NewerSchema:
        return u"newer-schema"_s;
    case Kind::NotFound:
        return u"not-found"_s;
    case Kind::Refused:
        return u"refused"_s;
    case Kind::Invalid:
        return u"invalid"_s;
    case Kind::Busy:
        return u"busy"_s;
    case Kind::Unreachable:
        return u"unreachable"_s;
    case Kind::NeedsPassword:
        return u"needs-password"_s;
    case Kind::Failed:
        break;
    }
    return u"failed"_s;
}

SqlStatement::SqlStatement(const QSqlDatabase &db, const QString &sql) : m_path(db.databaseName())
{
    m_own.emplace(db);
    m_query = &*m_own;
    m_query->setForwardOnly(true);
    m_prepared = m_query->prepare(sql);
}

SqlStatement::SqlStatement(ResultStore &store, const QString &sql) : m_path(store.path())
{
    m_query = store.acquireQuery(sql);
    if (m_query) {
        m_store = &store;
        m_sql = sql;
        m_prepared = true;
        return;
    }
    m_own.emplace(store.database());
    m_query = &*m_own;
    m_query->setForwardOnly(true);
    m_prepared = m_query->prepare(sql);
}

SqlStatement::~SqlStatement()
{
    m_query->finish();
    if (m_store)
        m_store->releaseQuery(m_sql);
}

SqlStatement &SqlStatement::bind(const QVariant &value)
{
    // A null QString would bind as SQL NULL, which equals nothing; every
    // text column here is NOT NULL and means "none" by ''.
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        m_query->bindValue(m_next++, QString(u""_s));
    else
        m_query->bindValue(m_next++, value);
    return *this;
}

SqlStatement &SqlStatement::bindText(const QString &value)
{
    return bind(value.isNull() ? QVariant(QString(u""_s)) : QVariant(value));
}

void SqlStatement::reset()
{
    m_next = 0;
}

bool SqlStatement::exec()
{
    m_next = 0;
    return m_prepared && m_query->exec();
}

StoreError SqlStatement::error(const QString &context) const
{
    return storeErrorFromSql(m_query->lastError(), context, m_path);
}

// What a user can do when the disk (or the file's size limit) is full: the
// file and what is left on its filesystem, so they know where to make room.
static QString diskFullAdvice(const QString &path)
{
    const QStorageInfo volume(QFileInfo(path).absolutePath());
    const QString free = volume.isValid() ? QLocale::c().formattedDataSize(volume.bytesAvailable())
                                          : u"unknown"_s;
    return u" Nothing of this change was stored. The filesystem holding %1 (%2) has %3 free: make room there or "
           "move the database elsewhere, then try again."_s.arg(path, volume.isValid() ? volume.rootPath() : u"?"_s,
                                                                 free);
}

StoreError storeErrorFromSql(const QSqlError &error, const QString &context, const QString &path)
{
    // PostgreSQL reports a five-character SQLSTATE; SQLite's (extended)
    // result codes have at most four digits.
    const QString native = error.nativeErrorCode();
    if (native.size() == 5) {
        const QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
        StoreError::Kind kind = StoreError::Kind::Failed;
        QString advice;
        if (native.startsWith(u"23"_s)) {
            kind = StoreError::Kind::Invalid;
        } else if (native == u"40001"_s || native == u"40P01"_s || native == u"55P03"_s) {
            kind = StoreError::Kind::Busy;
            advice = u" Another client holds the rows; try again."_s;
        } else if (native.startsWith(u"08"_s) || native.startsWith(u"57P"_s)) {
            kind = StoreError::Kind::Unreachable;
            advice = u" The connection to the server was lost; nothing of this change was stored."_s;
        }
        return {kind, u"%1: %2 failed: %3.%4"_s.arg(path, context, text.trimmed(), advice)};
    }
    bool isNumber = false;
    const int code = error.nativeErrorCode().toInt(&isNumber) & 0xff;
    const QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    StoreError::Kind kind = StoreError::Kind::Failed;
    QString advice;
    if (isNumber && (code == kSqliteCorrupt || code == kSqliteNotADb)) {
        kind = StoreError::Kind::Corrupt;
        advice = u" The file is damaged or not a database; it was left untouched. Open another file or create a new one."_s;
    } else if (isNumber && (code == kSqliteBusy || code == kSqliteLocked)) {
        kind = StoreError::Kind::Busy;
        advice = u" Another program holds the database; try again."_s;
    } else if (isNumber && code == kSqliteFull) {
        advice = diskFullAdvice(path);
    } else if (isNumber && code == kSqliteCantOpen) {
        kind = StoreError::Kind::Unreadable;
    } else if (isNumber && code == kSqliteConstraint) {
        kind = StoreError::Kind::Invalid;
    }
    return {kind, u"%1: %2 failed: %3.%4"_s.arg(path, context, text, advice)};
}

QVariant toDbTime(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toMSecsSinceEpoch()) : QVariant(QMetaType::fromType<qint64>());
}

QDateTime fromDbTime(const QVariant &value)
{
    if (value.isNull())
        return QDateTime();
    return QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

} // namespace wb
