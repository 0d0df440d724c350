// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A started store service over an existing test database, for tests that
// hand one to a provider or a page the way the programs do.

#include "analysis/storecomparisonprovider.h"
#include "store/storeservice.h"

#include <memory>

namespace wb::testing {

inline std::shared_ptr<StoreService> storeServiceFor(const QString &location)
{
    auto service = std::make_shared<StoreService>(location, StoreOpenOptions{.createIfMissing = false});
    service->start();
    return service;
}

} // namespace wb::testing
