// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target over everything the agent does with a line from the
// controller before it opens a socket: the JSON parser (and that whatever it
// accepts serialises and parses back to the same value), the session's
// message checks and replies, and the validation of test requests and their
// params for every kind.

#include "json.h"
#include "output.h"
#include "requestcheck.h"
#include "session.h"
#include "testparams.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);

    wb::json::ParseError err;
    auto v = wb::json::parse(text, &err, {1 << 20, 32});
    if (v) {
        const std::string once = wb::json::serialize(*v);
        auto again = wb::json::parse(once);
        if (!again || !(*again == *v) || wb::json::serialize(*again) != once)
            std::abort(); // the writer produced something the parser reads differently
        wb::agent::TestParams params;
        std::string why;
        wb::agent::checkTestRequest(*v, params, &why);
        for (const auto &kind : wb::agent::kindNames())
            wb::agent::TestParams::validate(*wb::agent::kindParams(kind), (*v)["params"], params, &why);
    } else if (err.offset > size) {
        std::abort();
    }

    // The session as the agent runs it, before and after the handshake.
    wb::agent::MemoryOutput out;
    wb::agent::Session session(out);
    session.handleLine(text);
    session.handleLine(R"({"id":1,"protocol":1,"type":"hello"})");
    session.handleLine(text);
    // Every line that is not blank gets exactly one answer (only ping and
    // hello are registered here, both answer at once); blank lines none.
    std::string_view line = text;
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    const bool blank = line.find_first_not_of(" \t") == std::string_view::npos;
    if (out.take().size() != (blank ? 1u : 3u))
        std::abort();
    return 0;
}
