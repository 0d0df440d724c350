// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Compare page of the main window.

#include "page.h"

namespace wb::gui {

class ComparePage : public Page
{
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);
    QIcon icon() const override;
};

} // namespace wb::gui
