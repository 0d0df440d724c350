// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a file handed to the desktop program (a double click, `wirebench
// FILE`) is, so it opens where it belongs: a lab file (its "format" is
// "wirebench-lab", docs/lab-format.md) in Inventory, a plan ("wirebench-plan",
// or an older plan without the key: an object with "tests",
// docs/plan-format.md) in Plans, anything else (.flent.gz, netperf, iperf3
// output...) is imported as results.

#include <QString>

namespace wb {

enum class DocumentKind { Lab, Plan, Results };

// Reads at most the first MiB; a file that cannot be read is Results (the
// importer then names the problem).
DocumentKind documentKind(const QString &path);

} // namespace wb
