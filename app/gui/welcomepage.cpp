// SPDX-License-Identifier: GPL-3.0-or-later
#include "welcomepage.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

QLabel *text(const QString &html)
{
    auto *l = new QLabel(html);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextBrowserInteraction);
    return l;
}

} // namespace

WelcomePage::WelcomePage(QWidget *parent)
    : Page(tr("Getting started"),
           tr("Wirebench runs NIC, switch and cable benchmarks between your lab hosts and keeps every result "
              "with the hardware it ran on, beside the historical figures of 1997–2003 lab reports."),
           parent)
{
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(10);

    auto *tryHeading = text(tr("<h3>Try it on this machine</h3>"));
    grid->addWidget(tryHeading, 0, 0, 1, 2);
    auto *run = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Run the sample plan"));
    run->setObjectName(u"runSamplePlan"_s);
    connect(run, &QPushButton::clicked, this, &WelcomePage::samplePlanRequested);
    grid->addWidget(run, 1, 0);
    grid->addWidget(text(tr("The seeds' classic tests between two agents on this machine (the <i>local lab</i>, "
                            "hosts <b>local-a</b> and <b>local-b</b>): UDP_STREAM with 1, 64 and 1472-byte messages, TCP_RR "
                            "1/1 and a 12 MB file transfer to a file and to /dev/null. About 15 seconds.")),
                    1, 1);
    auto *compare = new QPushButton(style()->standardIcon(QStyle::SP_FileDialogContentsView), tr("Open Compare"));
    compare->setObjectName(u"openCompare"_s);
    connect(compare, &QPushButton::clicked, this, &WelcomePage::compareRequested);
    grid->addWidget(compare, 2, 0);
    grid->addWidget(text(tr("Your results beside the 1997–2003 baselines, with confidence intervals and the "
                            "verdict in words; export the chart as PNG, SVG or PDF.")),
                    2, 1);
    auto *lab = new QPushButton(style()->standardIcon(QStyle::SP_ComputerIcon), tr("Browse the 1997 lab"));
    lab->setObjectName(u"openExampleLab"_s);
    connect(lab, &QPushButton::clicked, this, &WelcomePage::exampleLabRequested);
    grid->addWidget(lab, 3, 0);
    grid->addWidget(text(tr("Five Linux hosts on a Fast Ethernet hub with 1 to 65 m of cable, as Evgeny Rodichev "
                            "described them in 1997; his FTP table ships as baselines.")),
                    3, 1);

    grid->addWidget(text(tr("<h3>Add a real lab host in three steps</h3>"
                            "<ol>"
                            "<li><b>Make sure <code>ssh user@host</code> works with a key</b> "
                            "(<code>ssh-copy-id user@host</code>). The host needs nothing else: Wirebench copies "
                            "its agent there on first use.</li>"
                            "<li><b>Inventory → Hosts → Add</b> (Ctrl+N): the name, its address and the SSH user; "
                            "then add its NICs, switches and cables, or run "
                            "<code>wirebench-cli inventory discover HOST --accept-new-host-keys</code> "
                            "to fill in its NICs.</li>"
                            "<li><b>Plans</b>: pick two hosts and a preset (UDP_STREAM 1/64/1472, TCP_RR, FTP "
                            "12 MB), then <b>Run</b> (Ctrl+R). The first connection asks you to confirm the "
                            "host's key fingerprint.</li>"
                            "</ol>")),
                    4, 0, 1, 2);
    grid->setColumnStretch(1, 1);
    body()->addLayout(grid);
    body()->addStretch(1);
}

QIcon WelcomePage::icon() const
{
    return style()->standardIcon(QStyle::SP_DialogHelpButton);
}

} // namespace wb::gui
