// SPDX-License-Identifier: GPL-3.0-or-later
#include "planspage.h"

#include <QStyle>

namespace wb::gui {

PlansPage::PlansPage(QWidget *parent)
    : Page(tr("Plans"), tr("Test plans: which tests run between which hosts and NICs, with what parameters and how many repetitions."), parent)
{
    addEmptyState(tr("No plans yet. A plan names test cases (UDP_STREAM, TCP_RR, file transfer, packet rate) and the host pairs they run between."));
}

QIcon PlansPage::icon() const
{
    return style()->standardIcon(QStyle::SP_FileDialogDetailedView);
}

} // namespace wb::gui
