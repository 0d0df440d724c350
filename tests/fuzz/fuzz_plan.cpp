// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Plan::load on arbitrary file content (the JSON parse
// with its line and column errors, then Plan::fromJson: hosts, endpoints,
// sweeps, matrices, repetitions). A plan that loads has at most the case
// limit, every case with a key and hosts the plan declares; a refusal says
// why. See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "run/plan.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir;
    static const QString path = dir.filePath(QStringLiteral("plan.json"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            wb::fuzz::broken("cannot write the input file");
        f.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    QString error;
    const auto plan = wb::Plan::load(path, &error);
    wb::fuzz::requireAnswer(plan, error, "Plan::load");
    if (!plan)
        return 0;
    wb::fuzz::require(plan->cases.size() <= 100000, "a plan has at most 100000 cases");
    QSet<QString> keys;
    for (const wb::TestCase &c : plan->cases) {
        wb::fuzz::require(!c.key.isEmpty(), "every case has a key");
        keys.insert(c.key);
    }
    return 0;
}
