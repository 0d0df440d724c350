// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Runs page of the main window.

#include "page.h"

namespace wb::gui {

class RunsPage : public Page
{
    Q_OBJECT
public:
    explicit RunsPage(QWidget *parent = nullptr);
    QIcon icon() const override;
};

} // namespace wb::gui
