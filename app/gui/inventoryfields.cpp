// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventoryfields.h"

#include <QHostAddress>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

QString text(const QVariant &v) { return v.toString().trimmed(); }

// A number typed in the user's locale or in C notation; nullopt for empty.
std::optional<double> number(const QVariant &v, bool *ok)
{
    *ok = true;
    if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong)
        return v.toDouble();
    const QString s = text(v);
    if (s.isEmpty())
        return std::nullopt;
    // As shown ("1.5", the C locale's form, docs/translations.md), else as
    // the user's locale writes it ("1,5" in German).
    double d = QLocale::c().toDouble(s, ok);
    if (!*ok)
        d = QLocale::system().toDouble(s, ok);
    return d;
}

// A switch port as typed: a whole number, empty for "not recorded" (0).
QString switchPort(const QVariant &v, int *out)
{
    bool ok = true;
    const auto port = number(v, &ok);
    if (!ok || (port && (*port < 0 || *port > 100000 || *port != int(*port))))
        return QObject::tr("The port is a whole number (1, 2, …); leave it empty when not recorded.");
    *out = port ? int(*port) : 0;
    return {};
}

void renameNicKeys(Inventory &inv, const QString &oldKey, const QString &newKey)
{
    for (Link &l : inv.links) {
        if (l.nicKey == oldKey)
            l.nicKey = newKey;
        if (l.peerNicKey == oldKey)
            l.peerNicKey = newKey;
    }
}

// The first cable that no link or uplink uses; empty when there is none.
QString freeCable(const Inventory &inv)
{
    QSet<QString> used;
    for (const Link &l : inv.links)
        used.insert(l.cableLabel);
    for (const Uplink &u : inv.uplinks)
        used.insert(u.cableLabel);
    for (const Cable &c : inv.cables)
        if (!used.contains(c.label))
            return c.label;
    return {};
}

QString uniqueName(const QString &stem, const std::function<bool(const QString &)> &taken)
{
    for (int i = 1;; ++i) {
        const QString name = stem + QString::number(i);
        if (!taken(name))
            return name;
    }
}

} // namespace

QString InventoryFields::tableName(InventoryTable table)
{
    switch (table) {
    case InventoryTable::Hosts: return QObject::tr("Hosts");
    case InventoryTable::Nics: return QObject::tr("NICs");
    case InventoryTable::Switches: return QObject::tr("Switches/hubs");
    case InventoryTable::Cables: return QObject::tr("Cables");
    case InventoryTable::Links: return QObject::tr("Links");
    case InventoryTable::Uplinks: return QObject::tr("Uplinks");
    }
    return {};
}

int InventoryFields::rowCount(const Inventory &inv, InventoryTable table)
{
    switch (table) {
    case InventoryTable::Hosts: return int(inv.hosts.size());
    case InventoryTable::Nics: return int(inv.nics.size());
    case InventoryTable::Switches: return int(inv.switches.size());
    case InventoryTable::Cables: return int(inv.cables.size());
    case InventoryTable::Links: return int(inv.links.size());
    case InventoryTable::Uplinks: return int(inv.uplinks.size());
    }
    return 0;
}

int InventoryFields::columnCount(InventoryTable table)
{
    switch (table) {
    case InventoryTable::Hosts: return HostColumn::Count;
    case InventoryTable::Nics: return NicColumn::Count;
    case InventoryTable::Switches: return 7;
    case InventoryTable::Cables: return 4;
    case InventoryTable::Links: return 6;
    case InventoryTable::Uplinks: return UplinkColumn::Count;
    }
    return 0;
}

QString InventoryFields::header(InventoryTable table, int column)
{
    static const QStringList hosts{QObject::tr("Name"),
                                   QObject::tr("Address (data)"),
                                   QObject::tr("SSH address (management)"),
                                   QObject::tr("SSH user"),
                                   QObject::tr("SSH port"),
                                   QObject::tr("Identity file (SSH key)"),
                                   QObject::tr("Jump host (ProxyJump)"),
                                   QObject::tr("Data ports (min-max)"),
                                   QObject::tr("CPU"),
                                   QObject::tr("OS"),
                                   QObject::tr("Notes")};
    static const QStringList nics{QObject::tr("Host"),    QObject::tr("Interface"), QObject::tr("Vendor"),
                                  QObject::tr("Model"),   QObject::tr("Driver"),    QObject::tr("Driver version"),
                                  QObject::tr("MAC"),     QObject::tr("Speed (Mbit/s)"), QObject::tr("Duplex"),
                                  QObject::tr("Notes")};
    static const QStringList switches{QObject::tr("Name"),  QObject::tr("Vendor"), QObject::tr("Model"),
                                      QObject::tr("Kind"),  QObject::tr("Ports"),  QObject::tr("Rated latency (µs)"),
                                      QObject::tr("Notes")};
    static const QStringList cables{QObject::tr("Label"), QObject::tr("Category"), QObject::tr("Length (m)"),
                                    QObject::tr("Notes")};
    static const QStringList links{QObject::tr("NIC"),  QObject::tr("Cable"),    QObject::tr("Switch"),
                                   QObject::tr("Port"), QObject::tr("Peer NIC (crossover)"), QObject::tr("Notes")};
    static const QStringList uplinks{QObject::tr("Switch"),      QObject::tr("Port"),      QObject::tr("Cable"),
                                     QObject::tr("Peer switch"), QObject::tr("Peer port"), QObject::tr("Notes")};
    const QStringList *list = nullptr;
    switch (table) {
    case InventoryTable::Hosts: list = &hosts; break;
    case InventoryTable::Nics: list = &nics; break;
    case InventoryTable::Switches: list = &switches; break;
    case InventoryTable::Cables: list = &cables; break;
    case InventoryTable::Links: list = &links; break;
    case InventoryTable::Uplinks: list = &uplinks; break;
    }
    return list && column >= 0 && column < list->size() ? list->at(column) : QString();
}

QString InventoryFields::headerHint(InventoryTable table, int column)
{
    if (table == InventoryTable::Hosts) {
        switch (column) {
        case HostColumn::Address:
            return QObject::tr("Where test traffic reaches this host (its data network). Empty: the name.");
        case HostColumn::SshAddress:
            return QObject::tr("The management address SSH connects to, when it is not the data address. Empty: "
                               "the address (or ~/.ssh/config).");
        case HostColumn::SshKeyPath:
            return QObject::tr("The path of the SSH identity file, e.g. ~/.ssh/id_ed25519 (never the key itself). "
                               "Empty: the SSH agent or ~/.ssh/config.");
        case HostColumn::JumpHost:
            return QObject::tr("One ProxyJump hop, [user@]host[:port], e.g. lab@bastion:2222. Empty: none (or "
                               "~/.ssh/config). Several hops go in ~/.ssh/config.");
        case HostColumn::DataPorts:
            return QObject::tr("The ports the agent listens on for tests, e.g. 5201-5299 for a lab firewall. "
                               "Empty: any free port.");
        }
    }
    if (table == InventoryTable::Nics && column == NicColumn::Duplex)
        return QObject::tr("full or half; empty when not known. Discover fills it from the link.");
    if (table == InventoryTable::Uplinks && (column == UplinkColumn::Port || column == UplinkColumn::PeerPort))
        return QObject::tr("The switch port the cable is plugged into; empty when not recorded.");
    return {};
}

QVariant InventoryFields::value(const Inventory &inv, InventoryTable table, int row, int column)
{
    if (row < 0 || row >= rowCount(inv, table))
        return {};
    switch (table) {
    case InventoryTable::Hosts: {
        const Host &h = inv.hosts.at(row);
        switch (column) {
        case HostColumn::Name: return h.name;
        case HostColumn::Address: return h.address;
        case HostColumn::SshAddress: return h.sshAddress;
        case HostColumn::SshUser: return h.sshUser;
        case HostColumn::SshPort: return h.sshPort;
        case HostColumn::SshKeyPath: return h.sshKeyPath;
        case HostColumn::JumpHost: return h.jumpHost;
        case HostColumn::DataPorts:
            if (h.dataPortMin <= 0)
                return QString();
            return h.dataPortMin == h.dataPortMax ? QString::number(h.dataPortMin)
                                                  : u"%1-%2"_s.arg(h.dataPortMin).arg(h.dataPortMax);
        case HostColumn::Cpu: return h.cpu;
        case HostColumn::Os: return h.os;
        case HostColumn::Notes: return h.notes;
        }
        break;
    }
    case InventoryTable::Nics: {
        const Nic &n = inv.nics.at(row);
        switch (column) {
        case NicColumn::Host: return n.hostName;
        case NicColumn::Interface: return n.interfaceName;
        case NicColumn::Vendor: return n.vendor;
        case NicColumn::Model: return n.model;
        case NicColumn::Driver: return n.driver;
        case NicColumn::DriverVersion: return n.driverVersion;
        case NicColumn::Mac: return n.mac;
        case NicColumn::Speed:
            return n.maxSpeedBps > 0 ? QVariant(double(n.maxSpeedBps) / 1e6) : QVariant(QString());
        case NicColumn::Duplex: return n.duplex;
        case NicColumn::Notes: return n.notes;
        }
        break;
    }
    case InventoryTable::Switches: {
        const NetworkSwitch &s = inv.switches.at(row);
        switch (column) {
        case 0: return s.name;
        case 1: return s.vendor;
        case 2: return s.model;
        case 3: return switchKindName(s.kind);
        case 4: return s.ports;
        case 5: return s.ratedLatencyUs ? QVariant(*s.ratedLatencyUs) : QVariant(QString());
        case 6: return s.notes;
        }
        break;
    }
    case InventoryTable::Cables: {
        const Cable &c = inv.cables.at(row);
        switch (column) {
        case 0: return c.label;
        case 1: return c.category;
        case 2: return c.lengthM ? QVariant(*c.lengthM) : QVariant(QString());
        case 3: return c.notes;
        }
        break;
    }
    case InventoryTable::Links: {
        const Link &l = inv.links.at(row);
        switch (column) {
        case 0: return l.nicKey;
        case 1: return l.cableLabel;
        case 2: return l.switchName;
        case 3: return l.switchPort > 0 ? QVariant(l.switchPort) : QVariant(QString());
        case 4: return l.peerNicKey;
        case 5: return l.notes;
        }
        break;
    }
    case InventoryTable::Uplinks: {
        const Uplink &u = inv.uplinks.at(row);
        switch (column) {
        case UplinkColumn::Switch: return u.switchName;
        case UplinkColumn::Port: return u.switchPort > 0 ? QVariant(u.switchPort) : QVariant(QString());
        case UplinkColumn::Cable: return u.cableLabel;
        case UplinkColumn::PeerSwitch: return u.peerSwitchName;
        case UplinkColumn::PeerPort: return u.peerSwitchPort > 0 ? QVariant(u.peerSwitchPort) : QVariant(QString());
        case UplinkColumn::Notes: return u.notes;
        }
        break;
    }
    }
    return {};
}

QString InventoryFields::key(const Inventory &inv, InventoryTable table, int row)
{
    if (row < 0 || row >= rowCount(inv, table))
        return {};
    switch (table) {
    case InventoryTable::Hosts: return inv.hosts.at(row).name;
    case InventoryTable::Nics: return inv.nics.at(row).key();
    case InventoryTable::Switches: return inv.switches.at(row).name;
    case InventoryTable::Cables: return inv.cables.at(row).label;
    case InventoryTable::Links: return inv.links.at(row).nicKey;
    case InventoryTable::Uplinks: return inv.uplinks.at(row).cableLabel;
    }
    return {};
}

int InventoryFields::rowOfKey(const Inventory &inv, InventoryTable table, const QString &k)
{
    for (int r = 0; r < rowCount(inv, table); ++r)
        if (key(inv, table, r) == k)
            return r;
    return -1;
}

bool InventoryFields::isValidHostName(const QString &name)
{
    // RFC 1123 labels joined by dots; what a lab host can be called and reached by.
    static const QRegularExpression re(u"^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"_s);
    return re.match(name).hasMatch();
}

bool InventoryFields::isValidAddress(const QString &address)
{
    // Digits and dots must be a full dotted quad: "192.0.2" is a typo, not
    // the inet_aton shorthand for 192.0.0.2.
    static const QRegularExpression digitsAndDots(u"^[0-9.]+$"_s);
    QHostAddress ip;
    if (digitsAndDots.match(address).hasMatch())
        return address.split(u'.').size() == 4 && ip.setAddress(address);
    if (address.contains(u':'))
        return ip.setAddress(address);
    return isValidHostName(address);
}

bool InventoryFields::isValidInterfaceName(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_.:@][A-Za-z0-9_.:@-]{0,14}$"_s);
    return re.match(name).hasMatch();
}

QString InventoryFields::checkLinks(const Inventory &inv)
{
    QHash<QString, int> nicUse;
    // What holds each cable and each "switch#port": "link 2", "uplink 1".
    QHash<QString, QString> cableUse, portUse;
    // A cable is in one link or uplink.
    auto useCable = [&](const QString &where, const QString &label, const QString &self) -> QString {
        if (label.isEmpty() || !inv.cable(label))
            return QObject::tr("%1: there is no cable '%2'. Enter a label from the Cables table (add the cable "
                               "there first).")
                .arg(where, label);
        if (cableUse.contains(label))
            return QObject::tr("%1: cable %2 is already used by %3. A cable is in one link or uplink; pick "
                               "another cable.")
                .arg(where, label, cableUse.value(label));
        cableUse.insert(label, self);
        return {};
    };
    // A port of a switch holds one cable; 0 is "not recorded".
    auto usePort = [&](const QString &where, const NetworkSwitch &sw, int port, const QString &self) -> QString {
        if (port < 0 || (sw.ports > 0 && port > sw.ports))
            return QObject::tr("%1: switch %2 has ports 1 to %3; enter one of them (or leave the port empty).")
                .arg(where, sw.name)
                .arg(sw.ports);
        if (port == 0)
            return {};
        const QString tag = sw.name + u'#' + QString::number(port);
        if (portUse.contains(tag))
            return QObject::tr("%1: port %2 of switch %3 is already used by %4. Pick a free port.")
                .arg(where)
                .arg(port)
                .arg(sw.name, portUse.value(tag));
        portUse.insert(tag, self);
        return {};
    };
    for (int i = 0; i < inv.links.size(); ++i) {
        const Link &l = inv.links.at(i);
        const QString where = QObject::tr("Link %1 (%2)").arg(i + 1).arg(l.nicKey);
        const QString self = QObject::tr("link %1").arg(i + 1);
        if (!inv.nic(l.nicKey))
            return QObject::tr("%1: there is no NIC '%2'. Enter a NIC as host/interface from the NICs table.")
                .arg(where, l.nicKey);
        if (nicUse.contains(l.nicKey))
            return QObject::tr("%1: NIC %2 is already in link %3. A NIC has one link; change or remove the other "
                               "link first.")
                .arg(where, l.nicKey)
                .arg(nicUse.value(l.nicKey) + 1);
        nicUse.insert(l.nicKey, i);
        if (QString error = useCable(where, l.cableLabel, self); !error.isEmpty())
            return error;
        if (!l.switchName.isEmpty()) {
            if (!l.peerNicKey.isEmpty())
                return QObject::tr("%1: a link goes to a switch or to a peer NIC (crossover), not both. Clear one "
                                   "of them.")
                    .arg(where);
            const NetworkSwitch *sw = inv.networkSwitch(l.switchName);
            if (!sw)
                return QObject::tr("%1: there is no switch '%2'. Enter a name from the Switches table.")
                    .arg(where, l.switchName);
            if (QString error = usePort(where, *sw, l.switchPort, self); !error.isEmpty())
                return error;
        } else {
            if (l.peerNicKey.isEmpty())
                return QObject::tr("%1: enter the switch the cable goes to, or the peer NIC of a crossover cable.")
                    .arg(where);
            if (!inv.nic(l.peerNicKey))
                return QObject::tr("%1: there is no peer NIC '%2'. Enter a NIC as host/interface.")
                    .arg(where, l.peerNicKey);
            if (l.peerNicKey == l.nicKey)
                return QObject::tr("%1: a NIC cannot be cabled to itself. Enter the other end's NIC.").arg(where);
            if (nicUse.contains(l.peerNicKey))
                return QObject::tr("%1: NIC %2 is already in link %3. A NIC has one link.")
                    .arg(where, l.peerNicKey)
                    .arg(nicUse.value(l.peerNicKey) + 1);
            nicUse.insert(l.peerNicKey, i);
        }
    }
    for (int i = 0; i < inv.uplinks.size(); ++i) {
        const Uplink &u = inv.uplinks.at(i);
        const QString where = QObject::tr("Uplink %1 (%2)").arg(i + 1).arg(u.cableLabel);
        const QString self = QObject::tr("uplink %1").arg(i + 1);
        if (QString error = useCable(where, u.cableLabel, self); !error.isEmpty())
            return error;
        if (u.switchName == u.peerSwitchName)
            return QObject::tr("%1: switch %2 is at both ends. An uplink joins two different switches; enter "
                               "another peer switch.")
                .arg(where, u.switchName);
        for (const auto &[name, port] :
             {std::pair{u.switchName, u.switchPort}, std::pair{u.peerSwitchName, u.peerSwitchPort}}) {
            const NetworkSwitch *sw = inv.networkSwitch(name);
            if (!sw)
                return QObject::tr("%1: there is no switch '%2'. Enter a name from the Switches/hubs table.")
                    .arg(where, name);
            if (QString error = usePort(where, *sw, port, self); !error.isEmpty())
                return error;
        }
    }
    return {};
}

QString InventoryFields::parseDataPorts(const QString &input, int *min, int *max)
{
    const QString t = input.trimmed();
    if (t.isEmpty()) {
        *min = *max = 0;
        return {};
    }
    // "5201-5299" (also with an en dash or spaces) or one port.
    static const QRegularExpression re(u"^([0-9]{1,9})(?:\\s*[-\u2013]\\s*([0-9]{1,9}))?$"_s);
    const QRegularExpressionMatch m = re.match(t);
    if (!m.hasMatch())
        return QObject::tr("'%1' is not a port range. Enter the data ports as min-max, e.g. 5201-5299, or one "
                           "port; leave it empty for any free port.")
            .arg(t);
    const int lo = m.captured(1).toInt();
    const int hi = m.captured(2).isEmpty() ? lo : m.captured(2).toInt();
    if (lo < 1 || lo > 65535 || hi < 1 || hi > 65535)
        return QObject::tr("Data ports are whole numbers from 1 to 65535; '%1' is outside that. Enter e.g. "
                           "5201-5299.")
            .arg(t);
    if (lo > hi)
        return QObject::tr("The data ports %1-%2 run backwards: the first port must be at most the last. Enter "
                           "%2-%1.")
            .arg(lo)
            .arg(hi);
    *min = lo;
    *max = hi;
    return {};
}

QString InventoryFields::setValue(Inventory &inv, InventoryTable table, int row, int column, const QVariant &v)
{
    if (row < 0 || row >= rowCount(inv, table) || column < 0 || column >= columnCount(table))
        return QObject::tr("No such cell.");
    Inventory copy = inv;
    bool ok = true;
    switch (table) {
    case InventoryTable::Hosts: {
        Host &h = copy.hosts[row];
        switch (column) {
        case HostColumn::Name: {
            const QString name = text(v);
            if (!isValidHostName(name))
                return QObject::tr("'%1' is not a valid host name. Use letters, digits, '-' and '.', e.g. "
                                   "\"adam\" or \"lab-pc3\".")
                    .arg(name);
            if (name != h.name && copy.host(name))
                return QObject::tr("There is already a host '%1'. Host names are unique; choose another.").arg(name);
            const QString old = h.name;
            h.name = name;
            for (Nic &n : copy.nics) {
                if (n.hostName == old) {
                    const QString oldKey = n.key();
                    n.hostName = name;
                    renameNicKeys(copy, oldKey, n.key());
                }
            }
            break;
        }
        case HostColumn::Address: {
            const QString a = text(v);
            if (!a.isEmpty() && !isValidAddress(a))
                return QObject::tr("'%1' is neither an IP address nor a host name. Enter e.g. 192.0.2.10, "
                                   "2001:db8::10 or adam.lab.example.")
                    .arg(a);
            h.address = a;
            break;
        }
        case HostColumn::SshAddress: {
            const QString a = text(v);
            if (!a.isEmpty() && !isValidAddress(a))
                return QObject::tr("'%1' is neither an IP address nor a host name. Enter the management address "
                                   "SSH connects to, e.g. 198.51.100.20 or adam-mgmt.lab.example, or leave it "
                                   "empty to use the address.")
                    .arg(a);
            h.sshAddress = a;
            break;
        }
        case HostColumn::SshUser: h.sshUser = text(v); break;
        case HostColumn::SshPort: {
            const auto port = number(v, &ok);
            if (!ok || !port || *port < 1 || *port > 65535 || *port != int(*port))
                return QObject::tr("The SSH port must be a whole number from 1 to 65535 (usually 22).");
            h.sshPort = int(*port);
            break;
        }
        case HostColumn::SshKeyPath: {
            // A path only: the lab file and the database never hold a key.
            const QString path = text(v);
            if (path.contains(u'\n') || path.contains(u"PRIVATE KEY"_s))
                return QObject::tr("Enter the path of the identity file, e.g. ~/.ssh/id_ed25519, not the key "
                                   "itself.");
            h.sshKeyPath = path;
            break;
        }
        case HostColumn::JumpHost: {
            const QString jump = text(v);
            if (!jump.isEmpty() && !Host::isValidJumpHost(jump))
                return QObject::tr("'%1' is not one jump host. Enter [user@]host[:port], e.g. bastion, "
                                   "lab@192.0.2.254 or lab@bastion:2222, or leave it empty; several hops go in "
                                   "~/.ssh/config.")
                    .arg(jump);
            h.jumpHost = jump;
            break;
        }
        case HostColumn::DataPorts:
            if (QString error = parseDataPorts(text(v), &h.dataPortMin, &h.dataPortMax); !error.isEmpty())
                return error;
            break;
        case HostColumn::Cpu: h.cpu = text(v); break;
        case HostColumn::Os: h.os = text(v); break;
        case HostColumn::Notes: h.notes = v.toString(); break;
        }
        break;
    }
    case InventoryTable::Nics: {
        Nic &n = copy.nics[row];
        const QString oldKey = n.key();
        switch (column) {
        case NicColumn::Host: {
            const QString host = text(v);
            if (!copy.host(host))
                return QObject::tr("There is no host '%1'. Enter a name from the Hosts table (add the host there "
                                   "first).")
                    .arg(host);
            n.hostName = host;
            break;
        }
        case NicColumn::Interface: {
            const QString name = text(v);
            if (!isValidInterfaceName(name))
                return QObject::tr("'%1' is not an interface name. Use up to 15 letters, digits or . _ : @ - "
                                   "(not starting with '-'), e.g. eth0.")
                    .arg(name);
            n.interfaceName = name;
            break;
        }
        case NicColumn::Vendor: n.vendor = text(v); break;
        case NicColumn::Model: n.model = text(v); break;
        case NicColumn::Driver: n.driver = text(v); break;
        case NicColumn::DriverVersion: n.driverVersion = text(v); break;
        case NicColumn::Mac: {
            static const QRegularExpression mac(u"^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$"_s);
            const QString m = text(v);
            if (!m.isEmpty() && !mac.match(m).hasMatch())
                return QObject::tr("'%1' is not a MAC address. Enter six hex pairs like 00:a0:c9:12:34:56, or "
                                   "leave it empty.")
                    .arg(m);
            n.mac = m.toLower().replace(u'-', u':');
            break;
        }
        case NicColumn::Speed: {
            const auto mbps = number(v, &ok);
            if (!ok || (mbps && (*mbps < 0 || *mbps > 1e7)))
                return QObject::tr("The speed is in Mbit/s, from 0 to 10000000 (e.g. 100 for Fast Ethernet); "
                                   "leave it empty when unknown.");
            n.maxSpeedBps = mbps ? qint64(*mbps * 1e6) : 0;
            break;
        }
        case NicColumn::Duplex: {
            const QString d = text(v).toLower();
            if (!Nic::isValidDuplex(d))
                return QObject::tr("'%1' is not a duplex. Enter full or half, or leave it empty when not known.")
                    .arg(text(v));
            n.duplex = d;
            break;
        }
        case NicColumn::Notes: n.notes = v.toString(); break;
        }
        if (n.key() != oldKey) {
            for (int i = 0; i < copy.nics.size(); ++i)
                if (i != row && copy.nics.at(i).key() == n.key())
                    return QObject::tr("Host %1 already has an interface %2. Interface names are unique per "
                                       "host; choose another.")
                        .arg(n.hostName, n.interfaceName);
            renameNicKeys(copy, oldKey, n.key());
        }
        break;
    }
    case InventoryTable::Switches: {
        NetworkSwitch &s = copy.switches[row];
        switch (column) {
        case 0: {
            const QString name = text(v);
            if (name.isEmpty())
                return QObject::tr("A switch needs a name, e.g. fs108-a.");
            if (name != s.name && copy.networkSwitch(name))
                return QObject::tr("There is already a switch '%1'. Switch names are unique; choose another.")
                    .arg(name);
            for (Link &l : copy.links)
                if (l.switchName == s.name)
                    l.switchName = name;
            for (Uplink &u : copy.uplinks) {
                if (u.switchName == s.name)
                    u.switchName = name;
                if (u.peerSwitchName == s.name)
                    u.peerSwitchName = name;
            }
            s.name = name;
            break;
        }
        case 1: s.vendor = text(v); break;
        case 2: s.model = text(v); break;
        case 3: {
            const auto kind = switchKindFromName(text(v).toLower());
            if (!kind)
                return QObject::tr("'%1' is not a switch kind. Enter hub, store-and-forward, cut-through or "
                                   "unknown.")
                    .arg(text(v));
            s.kind = *kind;
            break;
        }
        case 4: {
            const auto ports = number(v, &ok);
            if (!ok || (ports && (*ports < 0 || *ports > 1024 || *ports != int(*ports))))
                return QObject::tr("Ports must be a whole number from 0 to 1024 (0 = not recorded).");
            s.ports = ports ? int(*ports) : 0;
            break;
        }
        case 5: {
            const auto us = number(v, &ok);
            if (!ok || (us && (*us < 0 || *us > 1e6)))
                return QObject::tr("The rated latency is in microseconds, from 0 to 1000000; leave it empty when "
                                   "the data sheet does not say.");
            s.ratedLatencyUs = us;
            break;
        }
        case 6: s.notes = v.toString(); break;
        }
        break;
    }
    case InventoryTable::Cables: {
        Cable &c = copy.cables[row];
        switch (column) {
        case 0: {
            const QString label = text(v);
            if (label.isEmpty())
                return QObject::tr("A cable needs a label, e.g. C7 (what is written on it).");
            if (label != c.label && copy.cable(label))
                return QObject::tr("There is already a cable '%1'. Cable labels are unique; choose another.")
                    .arg(label);
            for (Link &l : copy.links)
                if (l.cableLabel == c.label)
                    l.cableLabel = label;
            for (Uplink &u : copy.uplinks)
                if (u.cableLabel == c.label)
                    u.cableLabel = label;
            c.label = label;
            break;
        }
        case 1: c.category = text(v); break;
        case 2: {
            const auto len = number(v, &ok);
            if (!ok || (len && (*len < 0 || *len > kMaxCableLengthM || std::isnan(*len))))
                return QObject::tr("The cable length is in metres, from 0 to %1 (e.g. 1 or 65); leave it empty "
                                   "when unknown.")
                    .arg(kMaxCableLengthM);
            c.lengthM = len;
            break;
        }
        case 3: c.notes = v.toString(); break;
        }
        break;
    }
    case InventoryTable::Links: {
        Link &l = copy.links[row];
        switch (column) {
        case 0: l.nicKey = text(v); break;
        case 1: l.cableLabel = text(v); break;
        case 2: l.switchName = text(v); break;
        case 3:
            if (QString error = switchPort(v, &l.switchPort); !error.isEmpty())
                return error;
            break;
        case 4: l.peerNicKey = text(v); break;
        case 5: l.notes = v.toString(); break;
        }
        break;
    }
    case InventoryTable::Uplinks: {
        Uplink &u = copy.uplinks[row];
        switch (column) {
        case UplinkColumn::Switch: u.switchName = text(v); break;
        case UplinkColumn::Port:
            if (QString error = switchPort(v, &u.switchPort); !error.isEmpty())
                return error;
            break;
        case UplinkColumn::Cable: u.cableLabel = text(v); break;
        case UplinkColumn::PeerSwitch: u.peerSwitchName = text(v); break;
        case UplinkColumn::PeerPort:
            if (QString error = switchPort(v, &u.peerSwitchPort); !error.isEmpty())
                return error;
            break;
        case UplinkColumn::Notes: u.notes = v.toString(); break;
        }
        break;
    }
    }
    if (const QString error = checkLinks(copy); !error.isEmpty())
        return error;
    inv = std::move(copy);
    return {};
}

QString InventoryFields::appendRow(Inventory &inv, InventoryTable table, int *row)
{
    switch (table) {
    case InventoryTable::Hosts: {
        Host h;
        h.name = uniqueName(u"host"_s, [&](const QString &n) { return inv.host(n) != nullptr; });
        inv.hosts.append(h);
        break;
    }
    case InventoryTable::Nics: {
        if (inv.hosts.isEmpty())
            return QObject::tr("A NIC belongs to a host: add a host on the Hosts tab first.");
        Nic n;
        n.hostName = inv.hosts.first().name;
        n.interfaceName = uniqueName(u"eth"_s, [&](const QString &i) { return inv.nic(n.hostName + u'/' + i); });
        inv.nics.append(n);
        break;
    }
    case InventoryTable::Switches: {
        NetworkSwitch s;
        s.name = uniqueName(u"switch"_s, [&](const QString &n) { return inv.networkSwitch(n) != nullptr; });
        inv.switches.append(s);
        break;
    }
    case InventoryTable::Cables: {
        Cable c;
        c.label = uniqueName(u"C"_s, [&](const QString &n) { return inv.cable(n) != nullptr; });
        inv.cables.append(c);
        break;
    }
    case InventoryTable::Links: {
        QSet<QString> usedNics;
        const QString cable = freeCable(inv);
        for (const Link &l : std::as_const(inv.links))
            usedNics << l.nicKey << l.peerNicKey;
        Link l;
        for (const Nic &n : std::as_const(inv.nics))
            if (!usedNics.contains(n.key())) {
                l.nicKey = n.key();
                break;
            }
        if (l.nicKey.isEmpty())
            return QObject::tr("Every NIC has a link already. Add a NIC on the NICs tab first.");
        l.cableLabel = cable;
        if (l.cableLabel.isEmpty())
            return QObject::tr("Every cable is in a link or uplink already. Add a cable on the Cables tab first.");
        if (inv.switches.isEmpty())
            return QObject::tr("A link goes to a switch (or a crossover peer NIC): add a switch on the Switches "
                               "tab first.");
        l.switchName = inv.switches.first().name;
        inv.links.append(l);
        if (const QString error = checkLinks(inv); !error.isEmpty()) {
            inv.links.removeLast();
            return error;
        }
        break;
    }
    case InventoryTable::Uplinks: {
        if (inv.switches.size() < 2)
            return QObject::tr("An uplink is a cable between two switches: add a second switch on the "
                               "Switches/hubs tab first.");
        Uplink u;
        u.cableLabel = freeCable(inv);
        if (u.cableLabel.isEmpty())
            return QObject::tr("Every cable is in a link or uplink already. Add a cable on the Cables tab first.");
        u.switchName = inv.switches.at(0).name;
        u.peerSwitchName = inv.switches.at(1).name;
        inv.uplinks.append(u);
        if (const QString error = checkLinks(inv); !error.isEmpty()) {
            inv.uplinks.removeLast();
            return error;
        }
        break;
    }
    }
    *row = rowCount(inv, table) - 1;
    return {};
}

void InventoryFields::removeRow(Inventory &inv, InventoryTable table, int row)
{
    if (row < 0 || row >= rowCount(inv, table))
        return;
    auto dropLinks = [&](const std::function<bool(const Link &)> &pred) {
        inv.links.removeIf(pred);
    };
    switch (table) {
    case InventoryTable::Hosts: {
        const QString name = inv.hosts.at(row).name;
        const QString prefix = name + u'/';
        dropLinks([&](const Link &l) { return l.nicKey.startsWith(prefix) || l.peerNicKey.startsWith(prefix); });
        inv.nics.removeIf([&](const Nic &n) { return n.hostName == name; });
        inv.hosts.removeAt(row);
        break;
    }
    case InventoryTable::Nics: {
        const QString k = inv.nics.at(row).key();
        dropLinks([&](const Link &l) { return l.nicKey == k || l.peerNicKey == k; });
        inv.nics.removeAt(row);
        break;
    }
    case InventoryTable::Switches: {
        const QString name = inv.switches.at(row).name;
        dropLinks([&](const Link &l) { return l.switchName == name; });
        inv.uplinks.removeIf([&](const Uplink &u) { return u.switchName == name || u.peerSwitchName == name; });
        inv.switches.removeAt(row);
        break;
    }
    case InventoryTable::Cables: {
        const QString label = inv.cables.at(row).label;
        dropLinks([&](const Link &l) { return l.cableLabel == label; });
        inv.uplinks.removeIf([&](const Uplink &u) { return u.cableLabel == label; });
        inv.cables.removeAt(row);
        break;
    }
    case InventoryTable::Links: inv.links.removeAt(row); break;
    case InventoryTable::Uplinks: inv.uplinks.removeAt(row); break;
    }
}

} // namespace wb::gui
