// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The columns of the Inventory page's six tables and the rules for editing
// them: what each column shows, how an edit changes the lab (a host rename
// follows into its NICs and links, a switch or cable rename into links and
// uplinks), and what makes an edit invalid (names unique and well-formed,
// an IP address or host name that parses, a jump host of one hop, a data
// port range, a cable length from 0 to 2000 m, a NIC in at most one link, a
// cable in one link or uplink, a switch port used once). Messages say what
// to enter instead. Pure functions over wb::Inventory, so they are tested
// without widgets.

#include "inventory/inventory.h"

#include <QString>
#include <QVariant>

namespace wb::gui {

enum class InventoryTable { Hosts, Nics, Switches, Cables, Links, Uplinks };
constexpr int kInventoryTableCount = 6;

// Column numbers of the tables, for the page and its tests.
struct HostColumn
{
    enum : int { Name, Address, SshAddress, SshUser, SshPort, SshKeyPath, JumpHost, DataPorts, Cpu, Os, Notes, Count };
};
struct NicColumn
{
    enum : int { Host, Interface, Vendor, Model, Driver, DriverVersion, Mac, Speed, Duplex, Notes, Count };
};
struct UplinkColumn
{
    enum : int { Switch, Port, Cable, PeerSwitch, PeerPort, Notes, Count };
};

class InventoryFields
{
public:
    static constexpr double kMaxCableLengthM = 2000;
    static constexpr int kSwitchPortsColumn = 4;

    static QString tableName(InventoryTable table);
    static int rowCount(const Inventory &inv, InventoryTable table);
    static int columnCount(InventoryTable table);
    // One line ("SSH address (management)"); the table shows the part in
    // parentheses on a second line so the columns stay narrow.
    static QString header(InventoryTable table, int column);
    // What to enter in a column, for the header's tooltip; empty when the header says it all.
    static QString headerHint(InventoryTable table, int column);
    // The value shown and edited (Qt::EditRole); numbers as numbers.
    static QVariant value(const Inventory &inv, InventoryTable table, int row, int column);
    // The natural key of a row ("host", "host/eth0", switch name, cable
    // label, NIC key of a link, cable label of an uplink).
    static QString key(const Inventory &inv, InventoryTable table, int row);
    static int rowOfKey(const Inventory &inv, InventoryTable table, const QString &key);

    // Applies one edit to `inv`; on error leaves it unchanged and returns a
    // message saying what to enter.
    static QString setValue(Inventory &inv, InventoryTable table, int row, int column, const QVariant &value);
    // Appends a new row with unique default names; error when it cannot
    // (e.g. a NIC needs a host first).
    static QString appendRow(Inventory &inv, InventoryTable table, int *row);
    // Removes a row and what depends on it (a host's NICs and their links,
    // the links over a cable, switch or NIC, the uplinks over a cable or switch).
    static void removeRow(Inventory &inv, InventoryTable table, int row);

    // Syntax checks, also for other pages.
    static bool isValidHostName(const QString &name);
    static bool isValidAddress(const QString &address); // IPv4, IPv6 or a DNS host name
    static bool isValidInterfaceName(const QString &name);
    // Every link and uplink rule over the whole lab; empty when all hold.
    static QString checkLinks(const Inventory &inv);
    // "5201-5299", "5201" (one port) or empty (any port) into a host's
    // data port range; the error says what to enter.
    static QString parseDataPorts(const QString &text, int *min, int *max);
};

} // namespace wb::gui
