// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Baselines page of the main window.

#include "page.h"

namespace wb::gui {

class BaselinesPage : public Page
{
    Q_OBJECT
public:
    explicit BaselinesPage(QWidget *parent = nullptr);
    QIcon icon() const override;
};

} // namespace wb::gui
