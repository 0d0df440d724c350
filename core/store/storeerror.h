// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Errors of the results database as values. The kind lets a front end react
// (offer another file for Corrupt / NotWirebench / Unreadable, an update for
// NewerSchema, a list of blocking results for Refused); the message names the
// file or the object and says what to do.

#include <QString>

#include <optional>
#include <utility>

namespace wb {

struct StoreError
{
    enum class Kind {
        None,
        Unreadable,   // cannot open or read the file (permissions, a folder, missing parent)
        Corrupt,      // SQLite says the file is not a database or is damaged
        NotWirebench, // a valid SQLite file that belongs to another program
        NewerSchema,  // written by a newer Wirebench; refuse rather than guess
        NotFound,     // the id or key does not exist
        Refused,      // the operation would break history (e.g. deleting what results refer to)
        Invalid,      // bad input (names the field)
        Busy,         // another process holds the write lock longer than the busy timeout
        Failed,       // any other SQL or I/O failure
        Unreachable,  // a database server cannot be reached (the message names the URL)
        NeedsPassword, // the server wants a password: ask the user, remember it, open again
    };
    Kind kind = Kind::None;
    QString message;

    bool isError() const { return kind != Kind::None; }
    // Whether a front end should offer "open another file / create a new one".
    bool isFileProblem() const
    {
        return kind == Kind::Unreadable || kind == Kind::Corrupt || kind == Kind::NotWirebench ||
               kind == Kind::NewerSchema;
    }
    static QString kindName(Kind kind);
};

// A value or a StoreError, like std::expected (which C++20 lacks).
template<typename T>
class StoreResult
{
public:
    StoreResult(T value) : m_value(std::move(value)) {}
    StoreResult(StoreError error) : m_error(std::move(error)) {}
    StoreResult(StoreError::Kind kind, QString message) : m_error{kind, std::move(message)} {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    T &value() { return *m_value; }
    const T &value() const { return *m_value; }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }
    T *operator->() { return &*m_value; }
    const T *operator->() const { return &*m_value; }
    const StoreError &error() const { return m_error; }
    QString message() const { return m_error.message; }

private:
    std::optional<T> m_value;
    StoreError m_error;
};

template<>
class StoreResult<void>
{
public:
    StoreResult() = default;
    StoreResult(StoreError error) : m_error(std::move(error)) {}
    StoreResult(StoreError::Kind kind, QString message) : m_error{kind, std::move(message)} {}

    bool ok() const { return !m_error.isError(); }
    explicit operator bool() const { return ok(); }
    const StoreError &error() const { return m_error; }
    QString message() const { return m_error.message; }

private:
    StoreError m_error;
};

using StoreStatus = StoreResult<void>;

} // namespace wb
