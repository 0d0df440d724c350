// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the Plans page's preview words each case a plan expands to: the
// test's name (left out when it only spells the kind), the kind as the
// catalog names it, the parameters that differ between the cases of that
// test with the catalog's labels ("message size 64 B", never
// "message_size_bytes=64"), and the endpoints (host/NIC). The Runs page
// names its cases so too. Plain text, no widgets.

#include "run/plan.h"

#include <QString>
#include <QStringList>

namespace wb::gui {

// One line per case of `plan`, in its order.
QStringList planCaseTexts(const Plan &plan);

} // namespace wb::gui
