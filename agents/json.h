// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small JSON value, parser and writer for the agent, which must not depend
// on Qt or any library beyond the C++ standard library. The parser is strict
// (RFC 8259), bounded in depth and size, and reports the byte offset of the
// first problem so an error reply can say exactly what was wrong.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace wb::json {

class Value;
using Array = std::vector<Value>;
using Object = std::map<std::string, Value, std::less<>>;

class Value
{
public:
    enum class Type { Null, Bool, Int, Double, String, Array, Object };

    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : m_v(b) {}
    Value(int i) : m_v(static_cast<int64_t>(i)) {}
    Value(unsigned i) : m_v(static_cast<int64_t>(i)) {}
    Value(long i) : m_v(static_cast<int64_t>(i)) {}
    Value(long long i) : m_v(static_cast<int64_t>(i)) {}
    Value(unsigned long i) : m_v(static_cast<int64_t>(i)) {}
    Value(unsigned long long i) : m_v(static_cast<int64_t>(i)) {}
    Value(double d) : m_v(d) {}
    Value(const char *s) : m_v(std::string(s)) {}
    Value(std::string s) : m_v(std::move(s)) {}
    Value(std::string_view s) : m_v(std::string(s)) {}
    Value(Array a) : m_v(std::make_shared<Array>(std::move(a))) {}
    Value(Object o) : m_v(std::make_shared<Object>(std::move(o))) {}

    Type type() const;
    bool isNull() const { return type() == Type::Null; }
    bool isBool() const { return type() == Type::Bool; }
    bool isNumber() const { return type() == Type::Int || type() == Type::Double; }
    bool isInt() const { return type() == Type::Int; }
    bool isString() const { return type() == Type::String; }
    bool isArray() const { return type() == Type::Array; }
    bool isObject() const { return type() == Type::Object; }

    bool asBool(bool def = false) const;
    double asDouble(double def = 0) const;
    int64_t asInt(int64_t def = 0) const;
    const std::string &asString() const; // empty string when not a string
    const Array &asArray() const;        // empty array when not an array
    const Object &asObject() const;      // empty object when not an object
    Array &mutableArray();               // turns the value into an array if needed
    Object &mutableObject();             // turns the value into an object if needed

    // Object member access; a missing member reads as null.
    const Value &operator[](std::string_view key) const;
    Value &operator[](std::string_view key); // inserts
    bool contains(std::string_view key) const;

    bool operator==(const Value &other) const;

private:
    std::variant<std::nullptr_t, bool, int64_t, double, std::string,
                 std::shared_ptr<Array>, std::shared_ptr<Object>>
        m_v = nullptr;
};

struct ParseError
{
    size_t offset = 0;
    std::string message;
};

struct ParseLimits
{
    size_t maxBytes = 1 << 20; // one protocol line may not exceed 1 MiB
    int maxDepth = 32;
};

// Parses one complete JSON text. Trailing non-whitespace is an error.
std::optional<Value> parse(std::string_view text, ParseError *error = nullptr,
                           const ParseLimits &limits = {});

// Compact single-line serialisation (object keys in sorted order). Invalid
// UTF-8 in strings is written as U+FFFD, so the output is always valid UTF-8.
std::string serialize(const Value &value);

// Length of the valid UTF-8 sequence starting at s[i] (1 for ASCII), or 0
// when the bytes there are not one (overlong, surrogate, truncated, > U+10FFFF).
size_t utf8SequenceLength(std::string_view s, size_t i);

} // namespace wb::json
