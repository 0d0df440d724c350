// SPDX-License-Identifier: GPL-3.0-or-later
#include "runspage.h"

#include <QStyle>

namespace wb::gui {

RunsPage::RunsPage(QWidget *parent)
    : Page(tr("Runs"), tr("Live progress of the running plan, and every stored result."), parent)
{
    addEmptyState(tr("Nothing has run yet. Running tests will show progress and live plots here; finished runs are kept with the hardware they ran on."));
}

QIcon RunsPage::icon() const
{
    return style()->standardIcon(QStyle::SP_MediaPlay);
}

} // namespace wb::gui
