// SPDX-License-Identifier: GPL-3.0-or-later
// A program built from wirebench_core alone, pulling in every area of it, so
// the layering test can check with ldd what the core really loads.

#include "analysis/storecomparisonprovider.h"
#include "storeservicefixture.h"
#include "exchange/importer.h"
#include "remote/agentlocator.h"
#include "run/orchestrator.h"
#include "store/resultstore.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    auto store = wb::ResultStore::open(QStringLiteral("/nonexistent/probe.sqlite"), {.createIfMissing = false});
    const auto import = wb::Importer::importFile(QStringLiteral("/nonexistent/probe.txt"));
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(QStringLiteral("/nonexistent/probe.sqlite")));
    auto factory = wb::Orchestrator::localFactory();
    std::printf("%d %d %lld %d %s\n", bool(store), import.ok(), static_cast<long long>(provider.datasetNames().size()),
                bool(factory), qPrintable(wb::locateAgent()));
    return 0;
}
