// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Plans page of the main window.

#include "page.h"

namespace wb::gui {

class PlansPage : public Page
{
    Q_OBJECT
public:
    explicit PlansPage(QWidget *parent = nullptr);
    QIcon icon() const override;
};

} // namespace wb::gui
