// SPDX-License-Identifier: GPL-3.0-or-later
#include "json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace wb::json {

namespace {
const Value kNull;
const std::string kEmptyString;
const Array kEmptyArray;
const Object kEmptyObject;
} // namespace

Value::Type Value::type() const
{
    return static_cast<Type>(m_v.index());
}

bool Value::asBool(bool def) const
{
    if (auto p = std::get_if<bool>(&m_v))
        return *p;
    return def;
}

double Value::asDouble(double def) const
{
    if (auto p = std::get_if<double>(&m_v))
        return *p;
    if (auto p = std::get_if<int64_t>(&m_v))
        return static_cast<double>(*p);
    return def;
}

int64_t Value::asInt(int64_t def) const
{
    if (auto p = std::get_if<int64_t>(&m_v))
        return *p;
    if (auto p = std::get_if<double>(&m_v)) {
        if (std::isfinite(*p) && *p >= -9.2e18 && *p <= 9.2e18)
            return static_cast<int64_t>(*p);
    }
    return def;
}

const std::string &Value::asString() const
{
    if (auto p = std::get_if<std::string>(&m_v))
        return *p;
    return kEmptyString;
}

const Array &Value::asArray() const
{
    if (auto p = std::get_if<std::shared_ptr<Array>>(&m_v))
        return **p;
    return kEmptyArray;
}

const Object &Value::asObject() const
{
    if (auto p = std::get_if<std::shared_ptr<Object>>(&m_v))
        return **p;
    return kEmptyObject;
}

Array &Value::mutableArray()
{
    auto p = std::get_if<std::shared_ptr<Array>>(&m_v);
    if (!p) {
        m_v = std::make_shared<Array>();
        p = std::get_if<std::shared_ptr<Array>>(&m_v);
    } else if (p->use_count() > 1) {
        *p = std::make_shared<Array>(**p);
    }
    return **p;
}

Object &Value::mutableObject()
{
    auto p = std::get_if<std::shared_ptr<Object>>(&m_v);
    if (!p) {
        m_v = std::make_shared<Object>();
        p = std::get_if<std::shared_ptr<Object>>(&m_v);
    } else if (p->use_count() > 1) {
        *p = std::make_shared<Object>(**p);
    }
    return **p;
}

const Value &Value::operator[](std::string_view key) const
{
    const Object &o = asObject();
    auto it = o.find(key);
    return it == o.end() ? kNull : it->second;
}

Value &Value::operator[](std::string_view key)
{
    Object &o = mutableObject();
    auto it = o.find(key);
    if (it == o.end())
        it = o.emplace(std::string(key), Value()).first;
    return it->second;
}

bool Value::contains(std::string_view key) const
{
    const Object &o = asObject();
    return o.find(key) != o.end();
}

bool Value::operator==(const Value &other) const
{
    if (isNumber() && other.isNumber()) {
        if (isInt() && other.isInt())
            return asInt() == other.asInt();
        return asDouble() == other.asDouble();
    }
    if (type() != other.type())
        return false;
    switch (type()) {
    case Type::Null:
        return true;
    case Type::Bool:
        return asBool() == other.asBool();
    case Type::String:
        return asString() == other.asString();
    case Type::Array:
        return asArray() == other.asArray();
    case Type::Object:
        return asObject() == other.asObject();
    default:
        return false;
    }
}

namespace {

class Parser
{
public:
    Parser(std::string_view text, const ParseLimits &limits) : m_s(text), m_limits(limits) {}

    std::optional<Value> run(ParseError *error)
    {
        if (m_s.size() > m_limits.maxBytes)
            return fail(error, 0, "message is larger than " + std::to_string(m_limits.maxBytes) + " bytes");
        skipWs();
        Value v;
        if (!value(v, 0))
            return fail(error, m_pos, m_err);
        skipWs();
        if (m_pos != m_s.size())
            return fail(error, m_pos, "unexpected text after the JSON value");
        return v;
    }

private:
    static std::optional<Value> fail(ParseError *error, size_t at, std::string msg)
    {
        if (error) {
            error->offset = at;
            error->message = std::move(msg);
        }
        return std::nullopt;
    }

    bool err(std::string msg)
    {
        if (m_err.empty())
            m_err = std::move(msg);
        return false;
    }

    void skipWs()
    {
        while (m_pos < m_s.size()
               && (m_s[m_pos] == ' ' || m_s[m_pos] == '\t' || m_s[m_pos] == '\n' || m_s[m_pos] == '\r'))
            ++m_pos;
    }

    bool literal(std::string_view word)
    {
        if (m_s.substr(m_pos, word.size()) != word)
            return err("expected a value");
        m_pos += word.size();
        return true;
    }

    bool value(Value &out, int depth)
    {
        if (depth > m_limits.maxDepth)
            return err("nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels");
        if (m_pos >= m_s.size())
            return err("unexpected end of input");
        switch (m_s[m_pos]) {
        case '{':
            return object(out, depth);
        case '[':
            return array(out, depth);
        case '"': {
            std::string s;
            if (!string(s))
                return false;
            out = Value(std::move(s));
            return true;
        }
        case 't':
            out = true;
            return literal("true");
        case 'f':
            out = false;
            return literal("false");
        case 'n':
            out = nullptr;
            return literal("null");
        default:
            return number(out);
        }
    }

    bool object(Value &out, int depth)
    {
        ++m_pos; // {
        Object obj;
        skipWs();
        if (m_pos < m_s.size() && m_s[m_pos] == '}') {
            ++m_pos;
            out = Value(std::move(obj));
            return true;
        }
        for (;;) {
            skipWs();
            if (m_pos >= m_s.size() || m_s[m_pos] != '"')
                return err("expected a string key");
            std::string key;
            if (!string(key))
                return false;
            skipWs();
            if (m_pos >= m_s.size() || m_s[m_pos] != ':')
                return err("expected ':' after key");
            ++m_pos;
            skipWs();
            Value v;
            if (!value(v, depth + 1))
                return false;
            obj.insert_or_assign(std::move(key), std::move(v));
            skipWs();
            if (m_pos >= m_s.size())
                return err("unexpected end of input in object");
            if (m_s[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_s[m_pos] == '}') {
                ++m_pos;
                out = Value(std::move(obj));
                return true;
            }
            return err("expected ',' or '}' in object");
        }
    }

    bool array(Value &out, int depth)
    {
        ++m_pos; // [
        Array arr;
        skipWs();
        if (m_pos < m_s.size() && m_s[m_pos] == ']') {
            ++m_pos;
            out = Value(std::move(arr));
            return true;
        }
        for (;;) {
            skipWs();
            Value v;
            if (!value(v, depth + 1))
                return false;
            arr.push_back(std::move(v));
            skipWs();
            if (m_pos >= m_s.size())
                return err("unexpected end of input in array");
            if (m_s[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_s[m_pos] == ']') {
                ++m_pos;
                out = Value(std::move(arr));
                return true;
            }
            return err("expected ',' or ']' in array");
        }
    }

    static void appendUtf8(std::string &s, uint32_t cp)
    {
        if (cp < 0x80) {
            s += static_cast<char>(cp);
        } else if (cp < 0x800) {
            s += static_cast<char>(0xC0 | (cp >> 6));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            s += static_cast<char>(0xE0 | (cp >> 12));
            s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            s += static_cast<char>(0xF0 | (cp >> 18));
            s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t &out)
    {
        if (m_pos + 4 > m_s.size())
            return err("truncated \\u escape");
        out = 0;
        for (int i = 0; i < 4; ++i) {
            char c = m_s[m_pos++];
            out <<= 4;
            if (c >= '0' && c <= '9')
                out |= static_cast<uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                out |= static_cast<uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                out |= static_cast<uint32_t>(c - 'A' + 10);
            else
                return err("invalid \\u escape");
        }
        return true;
    }

    bool string(std::string &out)
    {
        ++m_pos; // "
        while (m_pos < m_s.size()) {
            unsigned char c = static_cast<unsigned char>(m_s[m_pos]);
            if (c == '"') {
                ++m_pos;
                return true;
            }
            if (c < 0x20)
                return err("control character in string");
            if (c >= 0x80) {
                const size_t len = utf8SequenceLength(m_s, m_pos);
                if (len == 0)
                    return err("invalid UTF-8 in string");
                out.append(m_s.substr(m_pos, len));
                m_pos += len;
                continue;
            }
            if (c != '\\') {
                out += static_cast<char>(c);
                ++m_pos;
                continue;
            }
            ++m_pos;
            if (m_pos >= m_s.size())
                return err("unexpected end of input in string");
            char e = m_s[m_pos++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (m_pos + 2 > m_s.size() || m_s[m_pos] != '\\' || m_s[m_pos + 1] != 'u')
                        return err("unpaired surrogate in string");
                    m_pos += 2;
                    uint32_t lo;
                    if (!hex4(lo))
                        return false;
                    if (lo < 0xDC00 || lo > 0xDFFF)
                        return err("invalid surrogate pair in string");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return err("unpaired surrogate in string");
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                return err("invalid escape in string");
            }
        }
        return err("unterminated string");
    }

    bool number(Value &out)
    {
        size_t start = m_pos;
        bool isInt = true;
        if (m_pos < m_s.size() && m_s[m_pos] == '-')
            ++m_pos;
        if (m_pos >= m_s.size() || !(m_s[m_pos] >= '0' && m_s[m_pos] <= '9'))
            return err("expected a value");
        if (m_s[m_pos] == '0') {
            ++m_pos;
        } else {
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
        }
        if (m_pos < m_s.size() && m_s[m_pos] == '.') {
            isInt = false;
            ++m_pos;
            if (m_pos >= m_s.size() || !(m_s[m_pos] >= '0' && m_s[m_pos] <= '9'))
                return err("expected digits after '.'");
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
        }
        if (m_pos < m_s.size() && (m_s[m_pos] == 'e' || m_s[m_pos] == 'E')) {
            isInt = false;
            ++m_pos;
            if (m_pos < m_s.size() && (m_s[m_pos] == '+' || m_s[m_pos] == '-'))
                ++m_pos;
            if (m_pos >= m_s.size() || !(m_s[m_pos] >= '0' && m_s[m_pos] <= '9'))
                return err("expected digits in exponent");
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
        }
        std::string text(m_s.substr(start, m_pos - start));
        if (isInt && text.size() <= 18) {
            out = Value(static_cast<long long>(std::strtoll(text.c_str(), nullptr, 10)));
            return true;
        }
        double d = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(d))
            return err("number out of range");
        out = Value(d);
        return true;
    }

    std::string_view m_s;
    const ParseLimits &m_limits;
    size_t m_pos = 0;
    std::string m_err;
};

} // namespace

size_t utf8SequenceLength(std::string_view s, size_t i)
{
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80)
        return 1;
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF; // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; // overlong
        else if (c == 0xED)
            hi = 0x9F; // UTF-16 surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; // overlong
        else if (c == 0xF4)
            hi = 0x8F; // beyond U+10FFFF
    } else {
        return 0;
    }
    if (i + len > s.size() || b(i + 1) < lo || b(i + 1) > hi)
        return 0;
    for (size_t k = 2; k < len; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xBF)
            return 0;
    return len;
}

namespace {

void writeString(std::string &out, const std::string &s)
{
    // Strings come from the host too (host names, interface names, a
    // peer's error text), and those are bytes, not necessarily UTF-8: every
    // invalid sequence goes out as U+FFFD so each line is valid JSON text.
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const size_t len = utf8SequenceLength(s, i);
            if (len == 0) {
                out += "\xEF\xBF\xBD";
                ++i;
            } else {
                out.append(s, i, len);
                i += len;
            }
            continue;
        }
        ++i;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void write(std::string &out, const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        out += "null";
        break;
    case Value::Type::Bool:
        out += v.asBool() ? "true" : "false";
        break;
    case Value::Type::Int:
        out += std::to_string(v.asInt());
        break;
    case Value::Type::Double: {
        double d = v.asDouble();
        if (!std::isfinite(d)) {
            out += "null";
            break;
        }
        if (d == 0)
            d = 0; // -0 would read back as the integer 0 and then write as "0" (found by the fuzzer)
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.17g", d);
        // Prefer the shortest text that reads back to the same double.
        for (int prec = 6; prec < 17; ++prec) {
            char shorter[32];
            std::snprintf(shorter, sizeof shorter, "%.*g", prec, d);
            if (std::strtod(shorter, nullptr) == d) {
                std::memcpy(buf, shorter, sizeof buf);
                break;
            }
        }
        out += buf;
        break;
    }
    case Value::Type::String:
        writeString(out, v.asString());
        break;
    case Value::Type::Array: {
        out += '[';
        bool first = true;
        for (const auto &e : v.asArray()) {
            if (!first)
                out += ',';
            first = false;
            write(out, e);
        }
        out += ']';
        break;
    }
    case Value::Type::Object: {
        out += '{';
        bool first = true;
        for (const auto &[k, e] : v.asObject()) {
            if (!first)
                out += ',';
            first = false;
            writeString(out, k);
            out += ':';
            write(out, e);
        }
        out += '}';
        break;
    }
    }
}

} // namespace

std::optional<Value> parse(std::string_view text, ParseError *error, const ParseLimits &limits)
{
    return Parser(text, limits).run(error);
}

std::string serialize(const Value &value)
{
    std::string out;
    write(out, value);
    return out;
}

} // namespace wb::json
