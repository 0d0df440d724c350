// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: format detection and the per-block import of mixed logs on arbitrary bytes. See docs/fuzzing.md.

#include "fuzz_import_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    wb::fuzz::checkImport(data, size, wb::ImportFormat::Auto);
    return 0;
}
