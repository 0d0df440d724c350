// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorypage.h"

#include <QStyle>

namespace wb::gui {

InventoryPage::InventoryPage(QWidget *parent)
    : Page(tr("Inventory"), tr("The lab: hosts, NICs, switches and hubs, cables with their lengths, and what is wired to what."), parent)
{
    addEmptyState(tr("No lab is open yet. Hosts, NICs, switches and cables will be listed here, with a topology view of how they are wired."));
}

QIcon InventoryPage::icon() const
{
    return style()->standardIcon(QStyle::SP_ComputerIcon);
}

} // namespace wb::gui
