// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small lab for store tests: two hosts with one NIC each, a switch, two
// cables, both NICs wired to the switch.

#include "inventory/inventory.h"

using namespace Qt::StringLiterals;

inline wb::Inventory testLab()
{
    wb::Inventory inv;
    wb::Host a;
    a.name = u"alpha"_s;
    a.address = u"192.0.2.1"_s;
    a.cpu = u"Pentium Pro 200"_s;
    wb::Host b = a;
    b.name = u"beta"_s;
    b.address = u"192.0.2.2"_s;
    inv.hosts = {a, b};
    wb::Nic na;
    na.hostName = u"alpha"_s;
    na.interfaceName = u"eth0"_s;
    na.vendor = u"Intel"_s;
    na.driver = u"eepro100"_s;
    na.driverVersion = u"1.0"_s;
    na.maxSpeedBps = 100000000;
    wb::Nic nb = na;
    nb.hostName = u"beta"_s;
    nb.vendor = u"DEC"_s;
    nb.driver = u"tulip"_s;
    inv.nics = {na, nb};
    wb::NetworkSwitch sw;
    sw.name = u"fs108"_s;
    sw.vendor = u"Netgear"_s;
    sw.model = u"FS108"_s;
    sw.kind = wb::SwitchKind::StoreAndForward;
    sw.ratedLatencyUs = 20;
    sw.ports = 8;
    inv.switches = {sw};
    wb::Cable c1;
    c1.label = u"C1"_s;
    c1.category = u"cat5"_s;
    c1.lengthM = 1;
    wb::Cable c2 = c1;
    c2.label = u"C65"_s;
    c2.lengthM = 65;
    inv.cables = {c1, c2};
    wb::Link l1;
    l1.nicKey = u"alpha/eth0"_s;
    l1.cableLabel = u"C1"_s;
    l1.switchName = u"fs108"_s;
    l1.switchPort = 1;
    wb::Link l2 = l1;
    l2.nicKey = u"beta/eth0"_s;
    l2.cableLabel = u"C65"_s;
    l2.switchPort = 2;
    inv.links = {l1, l2};
    return inv;
}
