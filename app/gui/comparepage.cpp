// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparepage.h"

#include <QStyle>

namespace wb::gui {

ComparePage::ComparePage(QWidget *parent)
    : Page(tr("Compare"), tr("Results side by side and against historical baselines, with confidence intervals and charts to export."), parent)
{
    addEmptyState(tr("Choose runs and baselines to compare; charts and a ratio table will appear here."));
}

QIcon ComparePage::icon() const
{
    return style()->standardIcon(QStyle::SP_FileDialogContentsView);
}

} // namespace wb::gui
