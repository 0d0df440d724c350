// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Getting started: what a first start offers. One click runs the sample plan
// on this machine's local lab, one opens Compare to see the results beside
// the 1997 baselines, one opens the seeds' 1997 lab, and three steps say how
// to add a real lab host. The page only asks; the composition root acts.

#include "page.h"

namespace wb::gui {

class WelcomePage : public Page
{
    Q_OBJECT
public:
    explicit WelcomePage(QWidget *parent = nullptr);
    QIcon icon() const override;

signals:
    void samplePlanRequested();
    void compareRequested();
    void exampleLabRequested();
    // The composition root's first-start work is done (baselines and example
    // labs are in the database).
    void contentReady();
};

} // namespace wb::gui
