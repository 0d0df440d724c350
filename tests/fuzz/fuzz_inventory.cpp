// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Inventory::fromJson (a lab file or the inventory of an
// archive) on arbitrary JSON. A lab that loads is saved and loaded again to
// the same JSON; a refusal says why. See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "inventory/inventory.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonObject json = QJsonDocument::fromJson(wb::fuzz::bytes(data, size)).object();
    QString error;
    const auto lab = wb::Inventory::fromJson(json, QStringLiteral("fuzz.json"), &error);
    wb::fuzz::requireAnswer(lab, error, "Inventory::fromJson");
    if (!lab)
        return 0;
    const QJsonObject once = lab->toJson();
    const auto again = wb::Inventory::fromJson(once, QStringLiteral("again.json"), &error);
    wb::fuzz::require(again.has_value(), "a loaded lab loads again from its JSON", error);
    wb::fuzz::require(again->toJson() == once, "a lab's JSON round trip is stable",
                      QString::fromUtf8(wb::fuzz::compact(once)));
    return 0;
}
