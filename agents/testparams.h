// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parameters of one test kind: which names it accepts, their types,
// ranges and defaults. Every request's "params" object is checked against
// this table before anything runs, so a bad value is refused with a message
// naming the field instead of surfacing as a strange measurement.

#include "json.h"

#include <string>
#include <string_view>
#include <vector>

namespace wb::agent {

struct ParamSpec
{
    enum class Type { Int, Number, Bool, String };
    const char *name;
    Type type;
    double min = 0;
    double max = 0;
    json::Value def; // null: optional without default
    std::vector<std::string> choices = {};
};

class TestParams
{
public:
    // Checks `given` against `specs`; unknown names and bad values are
    // refused. On success the result holds every default filled in.
    static bool validate(const std::vector<ParamSpec> &specs, const json::Value &given, TestParams &out,
                         std::string *error);

    int64_t integer(const char *name, int64_t def = 0) const { return m_values[name].asInt(def); }
    double number(const char *name, double def = 0) const { return m_values[name].asDouble(def); }
    bool flag(const char *name, bool def = false) const { return m_values[name].asBool(def); }
    const std::string &text(const char *name) const { return m_values[name].asString(); }
    bool has(const char *name) const { return m_values.contains(name) && !m_values[name].isNull(); }
    const json::Value &values() const { return m_values; }

private:
    json::Value m_values = json::Object{};
};

// file_transfer's O_DIRECT writes: buffer, offset and length in multiples
// of this (4096 covers 512- and 4096-byte logical blocks).
inline constexpr int64_t kDirectIoAlignment = 4096;

// The parameter table of a test kind, or null for an unknown kind.
const std::vector<ParamSpec> *kindParams(std::string_view kind);
std::vector<std::string> kindNames();

} // namespace wb::agent
