// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The tiny lab of tests/data/labs (adam, eve, seth; switch fs108; cables
// C1, C65, X3), read for GUI tests that need an inventory.

#include "inventory/inventory.h"

#include <QFile>
#include <QJsonDocument>
#include <QString>

#include <optional>

namespace wbtest {

inline std::optional<wb::Inventory> tinyLab(QString *error)
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/labs/tiny-lab.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.fileName() + QStringLiteral(": ") + f.errorString();
        return std::nullopt;
    }
    return wb::Inventory::fromJson(QJsonDocument::fromJson(f.readAll()).object(), f.fileName(), error);
}

} // namespace wbtest
