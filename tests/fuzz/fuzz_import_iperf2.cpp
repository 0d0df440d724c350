// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the iperf2 importer on arbitrary bytes. See docs/fuzzing.md.

#include "fuzz_import_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    wb::fuzz::checkImport(data, size, wb::ImportFormat::Iperf2);
    return 0;
}
