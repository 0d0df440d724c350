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
    double d = QLocale().toDouble(s, ok);
    if (!*ok)
        d = QLocale::c().toDouble(s, ok);
    return d;
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
    }
    return 0;
}

int InventoryFields::columnCount(InventoryTable table)
{
    switch (table) {
    case InventoryTable::Hosts: return 7;
    case InventoryTable::Nics: return 9;
    case InventoryTable::Switches: return 7;
    case InventoryTable::Cables: return 4;
    case InventoryTable::Links: return 6;
    }
    return 0;
}

QString InventoryFields::header(InventoryTable table, int column)
{
    static const QStringList hosts{QObject::tr("Name"), QObject::tr("Address"), QObject::tr("SSH user"),
                                   QObject::tr("SSH port"), QObject::tr("CPU"), QObject::tr("OS"),
                                   QObject::tr("Notes")};
    static const QStringList nics{QObject::tr("Host"),    QObject::tr("Interface"), QObject::tr("Vendor"),
                                  QObject::tr("Model"),   QObject::tr("Driver"),    QObject::tr("Driver version"),
                                  QObject::tr("MAC"),     QObject::tr("Speed (Mbit/s)"), QObject::tr("Notes")};
    static const QStringList switches{QObject::tr("Name"),  QObject::tr("Vendor"), QObject::tr("Model"),
                                      QObject::tr("Kind"),  QObject::tr("Ports"),  QObject::tr("Rated latency (µs)"),
                                      QObject::tr("Notes")};
    static const QStringList cables{QObject::tr("Label"), QObject::tr("Category"), QObject::tr("Length (m)"),
                                    QObject::tr("Notes")};
    static const QStringList links{QObject::tr("NIC"),  QObject::tr("Cable"),    QObject::tr("Switch"),
                                   QObject::tr("Port"), QObject::tr("Peer NIC (crossover)"), QObject::tr("Notes")};
    const QStringList *list = nullptr;
    switch (table) {
    case InventoryTable::Hosts: list = &hosts; break;
    case InventoryTable::Nics: list = &nics; break;
    case InventoryTable::Switches: list = &switches; break;
    case InventoryTable::Cables: list = &cables; break;
    case InventoryTable::Links: list = &links; break;
    }
    return list && column >= 0 && column < list->size() ? list->at(column) : QString();
}

QVariant InventoryFields::value(const Inventory &inv, InventoryTable table, int row, int column)
{
    if (row < 0 || row >= rowCount(inv, table))
        return {};
    switch (table) {
    case InventoryTable::Hosts: {
        const Host &h = inv.hosts.at(row);
        switch (column) {
        case 0: return h.name;
        case 1: return h.address;
        case 2: return h.sshUser;
        case 3: return h.sshPort;
        case 4: return h.cpu;
        case 5: return h.os;
        case 6: return h.notes;
        }
        break;
    }
    case InventoryTable::Nics: {
        const Nic &n = inv.nics.at(row);
        switch (column) {
        case 0: return n.hostName;
        case 1: return n.interfaceName;
        case 2: return n.vendor;
        case 3: return n.model;
        case 4: return n.driver;
        case 5: return n.driverVersion;
        case 6: return n.mac;
        case 7: return n.maxSpeedBps > 0 ? QVariant(double(n.maxSpeedBps) / 1e6) : QVariant(QString());
        case 8: return n.notes;
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
    QHash<QString, int> nicUse, cableUse;
    QHash<QString, int> portUse;
    for (int i = 0; i < inv.links.size(); ++i) {
        const Link &l = inv.links.at(i);
        const QString where = QObject::tr("Link %1 (%2)").arg(i + 1).arg(l.nicKey);
        if (!inv.nic(l.nicKey))
            return QObject::tr("%1: there is no NIC '%2'. Enter a NIC as host/interface from the NICs table.")
                .arg(where, l.nicKey);
        if (nicUse.contains(l.nicKey))
            return QObject::tr("%1: NIC %2 is already in link %3. A NIC has one link; change or remove the other "
                               "link first.")
                .arg(where, l.nicKey)
                .arg(nicUse.value(l.nicKey) + 1);
        nicUse.insert(l.nicKey, i);
        if (l.cableLabel.isEmpty() || !inv.cable(l.cableLabel))
            return QObject::tr("%1: there is no cable '%2'. Enter a label from the Cables table (add the cable "
                               "there first).")
                .arg(where, l.cableLabel);
        if (cableUse.contains(l.cableLabel))
            return QObject::tr("%1: cable %2 is already used by link %3. Each cable makes one link; pick another "
                               "cable.")
                .arg(where, l.cableLabel)
                .arg(cableUse.value(l.cableLabel) + 1);
        cableUse.insert(l.cableLabel, i);
        if (!l.switchName.isEmpty()) {
            if (!l.peerNicKey.isEmpty())
                return QObject::tr("%1: a link goes to a switch or to a peer NIC (crossover), not both. Clear one "
                                   "of them.")
                    .arg(where);
            const NetworkSwitch *sw = inv.networkSwitch(l.switchName);
            if (!sw)
                return QObject::tr("%1: there is no switch '%2'. Enter a name from the Switches table.")
                    .arg(where, l.switchName);
            if (l.switchPort < 0 || (sw->ports > 0 && l.switchPort > sw->ports))
                return QObject::tr("%1: switch %2 has ports 1 to %3; enter one of them (or leave the port empty).")
                    .arg(where, sw->name)
                    .arg(sw->ports);
            if (l.switchPort > 0) {
                const QString port = sw->name + u'#' + QString::number(l.switchPort);
                if (portUse.contains(port))
                    return QObject::tr("%1: port %2 of switch %3 is already used by link %4. Pick a free port.")
                        .arg(where)
                        .arg(l.switchPort)
                        .arg(sw->name)
                        .arg(portUse.value(port) + 1);
                portUse.insert(port, i);
            }
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
        case 0: {
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
        case 1: {
            const QString a = text(v);
            if (!a.isEmpty() && !isValidAddress(a))
                return QObject::tr("'%1' is neither an IP address nor a host name. Enter e.g. 192.0.2.10, "
                                   "2001:db8::10 or adam.lab.example.")
                    .arg(a);
            h.address = a;
            break;
        }
        case 2: h.sshUser = text(v); break;
        case 3: {
            const auto port = number(v, &ok);
            if (!ok || !port || *port < 1 || *port > 65535 || *port != int(*port))
                return QObject::tr("The SSH port must be a whole number from 1 to 65535 (usually 22).");
            h.sshPort = int(*port);
            break;
        }
        case 4: h.cpu = text(v); break;
        case 5: h.os = text(v); break;
        case 6: h.notes = v.toString(); break;
        }
        break;
    }
    case InventoryTable::Nics: {
        Nic &n = copy.nics[row];
        const QString oldKey = n.key();
        switch (column) {
        case 0: {
            const QString host = text(v);
            if (!copy.host(host))
                return QObject::tr("There is no host '%1'. Enter a name from the Hosts table (add the host there "
                                   "first).")
                    .arg(host);
            n.hostName = host;
            break;
        }
        case 1: {
            const QString name = text(v);
            if (!isValidInterfaceName(name))
                return QObject::tr("'%1' is not an interface name. Use up to 15 letters, digits or . _ : @ - "
                                   "(not starting with '-'), e.g. eth0.")
                    .arg(name);
            n.interfaceName = name;
            break;
        }
        case 2: n.vendor = text(v); break;
        case 3: n.model = text(v); break;
        case 4: n.driver = text(v); break;
        case 5: n.driverVersion = text(v); break;
        case 6: {
            static const QRegularExpression mac(u"^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$"_s);
            const QString m = text(v);
            if (!m.isEmpty() && !mac.match(m).hasMatch())
                return QObject::tr("'%1' is not a MAC address. Enter six hex pairs like 00:a0:c9:12:34:56, or "
                                   "leave it empty.")
                    .arg(m);
            n.mac = m.toLower().replace(u'-', u':');
            break;
        }
        case 7: {
            const auto mbps = number(v, &ok);
            if (!ok || (mbps && (*mbps < 0 || *mbps > 1e7)))
                return QObject::tr("The speed is in Mbit/s, from 0 to 10000000 (e.g. 100 for Fast Ethernet); "
                                   "leave it empty when unknown.");
            n.maxSpeedBps = mbps ? qint64(*mbps * 1e6) : 0;
            break;
        }
        case 8: n.notes = v.toString(); break;
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
        case 3: {
            const auto port = number(v, &ok);
            if (!ok || (port && (*port < 0 || *port != int(*port))))
                return QObject::tr("The port is a whole number (1, 2, …); leave it empty when not recorded.");
            l.switchPort = port ? int(*port) : 0;
            break;
        }
        case 4: l.peerNicKey = text(v); break;
        case 5: l.notes = v.toString(); break;
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
        QSet<QString> usedNics, usedCables;
        for (const Link &l : std::as_const(inv.links)) {
            usedNics << l.nicKey << l.peerNicKey;
            usedCables << l.cableLabel;
        }
        Link l;
        for (const Nic &n : std::as_const(inv.nics))
            if (!usedNics.contains(n.key())) {
                l.nicKey = n.key();
                break;
            }
        if (l.nicKey.isEmpty())
            return QObject::tr("Every NIC has a link already. Add a NIC on the NICs tab first.");
        for (const Cable &c : std::as_const(inv.cables))
            if (!usedCables.contains(c.label)) {
                l.cableLabel = c.label;
                break;
            }
        if (l.cableLabel.isEmpty())
            return QObject::tr("Every cable is in a link already. Add a cable on the Cables tab first.");
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
        inv.switches.removeAt(row);
        break;
    }
    case InventoryTable::Cables: {
        const QString label = inv.cables.at(row).label;
        dropLinks([&](const Link &l) { return l.cableLabel == label; });
        inv.cables.removeAt(row);
        break;
    }
    case InventoryTable::Links: inv.links.removeAt(row); break;
    }
}

} // namespace wb::gui
