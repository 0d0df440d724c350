// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: one baseline file (docs/baselines-format.md) loaded
// through BaselineSet::loadDirectory with an index that lists it. A set is
// valid with no error or invalid with a message and no baselines; every
// baseline of a valid set has a unique key and a record of a known kind.
// See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "exchange/baselineset.h"
#include "result/resultrecord.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir;
    static const bool indexed = [] {
        QFile index(dir.filePath(QStringLiteral("index.json")));
        return index.open(QIODevice::WriteOnly)
            && index.write(R"({"format":"wirebench-baselines-index","set_version":1,"files":["set.json"]})") > 0;
    }();
    wb::fuzz::require(indexed, "cannot write index.json");
    {
        QFile f(dir.filePath(QStringLiteral("set.json")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            wb::fuzz::broken("cannot write the input file");
        f.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    const wb::BaselineSet set = wb::BaselineSet::loadDirectory(dir.path());
    if (!set.isValid()) {
        wb::fuzz::require(!set.error().isEmpty() && set.baselines().isEmpty(),
                          "an invalid set has a message and no baselines");
        return 0;
    }
    QSet<QString> keys;
    for (const wb::Baseline &b : set.baselines()) {
        wb::fuzz::require(!keys.contains(b.key), "baseline keys are unique", b.key);
        keys.insert(b.key);
        wb::fuzz::require(wb::testKinds().contains(b.record.kind), "a baseline's kind is a test kind", b.record.kind);
        wb::fuzz::require(set.find(b.key) != nullptr, "find() finds every baseline", b.key);
    }
    return 0;
}
