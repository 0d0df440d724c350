// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinespage.h"

#include <QStyle>

namespace wb::gui {

BaselinesPage::BaselinesPage(QWidget *parent)
    : Page(tr("Baselines"), tr("Historical figures with their citations: the 1997–2003 lab reports Wirebench ships, and anything imported."), parent)
{
    addEmptyState(tr("No baselines are loaded yet."));
}

QIcon BaselinesPage::icon() const
{
    return style()->standardIcon(QStyle::SP_DirHomeIcon);
}

} // namespace wb::gui
