// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: StoreArchive::importArchive (`db import`, `db copy`)
// on arbitrary JSON, into a fresh in-memory SQLite database each time. An
// archive is merged whole or refused with a message; what was merged exports
// and merges again without duplicates. See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "store/resultstore.h"
#include "store/storearchive.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // The SQLite driver is a Qt plugin: found through the application.
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(wb::fuzz::bytes(data, size));
    if (!doc.isObject())
        return 0; // `db import` refuses that before the archive code sees it
    auto store = wb::ResultStore::open(QStringLiteral(":memory:"));
    wb::fuzz::require(store.ok(), "an in-memory database opens", store.message());
    auto sum = (*store)->archive().importArchive(doc.object(), QStringLiteral("fuzz.json"));
    if (!sum) {
        wb::fuzz::require(!sum.message().isEmpty(), "a refused archive says why");
        return 0;
    }
    auto exported = (*store)->archive().exportArchive();
    wb::fuzz::require(exported.ok(), "a merged archive exports", exported.message());
    auto again = (*store)->archive().importArchive(*exported, QStringLiteral("again.json"));
    wb::fuzz::require(again.ok(), "its own export merges again", again.message());
    wb::fuzz::require(again->runsAdded == 0 && again->measurementsAdded == 0 && again->baselinesAdded == 0,
                      "merging its own export adds nothing",
                      QStringLiteral("%1 runs, %2 measurements, %3 baselines")
                          .arg(again->runsAdded)
                          .arg(again->measurementsAdded)
                          .arg(again->baselinesAdded));
    return 0;
}
