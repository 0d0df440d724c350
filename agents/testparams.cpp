// SPDX-License-Identifier: GPL-3.0-or-later
#include "testparams.h"

#include <cmath>

namespace wb::agent {

namespace {
std::string fmt(double v)
{
    return json::serialize(json::Value(v == std::floor(v) && std::fabs(v) < 9e15 ? json::Value(static_cast<long long>(v))
                                                                                : json::Value(v)));
}
} // namespace

bool TestParams::validate(const std::vector<ParamSpec> &specs, const json::Value &given, TestParams &out,
                          std::string *error)
{
    if (!given.isNull() && !given.isObject()) {
        *error = "field 'params' must be an object";
        return false;
    }
    out = TestParams();
    for (const auto &[name, value] : given.asObject()) {
        const ParamSpec *spec = nullptr;
        for (const auto &s : specs)
            if (name == s.name)
                spec = &s;
        if (!spec) {
            std::string known;
            for (const auto &s : specs)
                known += (known.empty() ? "" : ", ") + std::string(s.name);
            *error = "unknown parameter 'params." + name + "' (this kind takes: " + known + ")";
            return false;
        }
        const std::string where = "params." + name;
        switch (spec->type) {
        case ParamSpec::Type::Int:
            if (!value.isNumber() || value.asDouble() != std::floor(value.asDouble())) {
                *error = where + " must be an integer";
                return false;
            }
            break;
        case ParamSpec::Type::Number:
            if (!value.isNumber()) {
                *error = where + " must be a number";
                return false;
            }
            break;
        case ParamSpec::Type::Bool:
            if (!value.isBool()) {
                *error = where + " must be true or false";
                return false;
            }
            break;
        case ParamSpec::Type::String:
            if (!value.isString() || value.asString().size() > 4096) {
                *error = where + " must be a string of at most 4096 bytes";
                return false;
            }
            if (value.asString().find('\0') != std::string::npos) {
                *error = where + " must not contain NUL";
                return false;
            }
            break;
        }
        if (spec->type == ParamSpec::Type::Int || spec->type == ParamSpec::Type::Number) {
            const double v = value.asDouble();
            if (v < spec->min || v > spec->max) {
                *error = where + " must be between " + fmt(spec->min) + " and " + fmt(spec->max) + ", not "
                         + json::serialize(value);
                return false;
            }
        }
        if (!spec->choices.empty()) {
            bool ok = false;
            std::string list;
            for (const auto &c : spec->choices) {
                ok = ok || c == value.asString();
                list += (list.empty() ? "'" : ", '") + c + "'";
            }
            if (!ok) {
                *error = where + " must be one of " + list + ", not '" + value.asString() + "'";
                return false;
            }
        }
        out.m_values[name] = value;
    }
    for (const auto &s : specs)
        if (!out.m_values.contains(s.name) && !s.def.isNull())
            out.m_values[s.name] = s.def;
    return true;
}

} // namespace wb::agent
