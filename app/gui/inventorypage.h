// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Inventory page of the main window.

#include "page.h"

namespace wb::gui {

class InventoryPage : public Page
{
    Q_OBJECT
public:
    explicit InventoryPage(QWidget *parent = nullptr);
    QIcon icon() const override;
};

} // namespace wb::gui
