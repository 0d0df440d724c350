// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorystore.h"

#include "resultstore.h"
#include "sqlstatement.h"
#include "sqltransaction.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const auto kHostColumns = u"SELECT id, name, address, ssh_port, ssh_user, ssh_key_path, agent_path, cpu, "
                          "memory_bytes, os, notes, created_ms, changed_ms, ssh_address, jump_host, "
                          "data_port_min, data_port_max FROM hosts"_s;
const auto kNicColumns = u"SELECT n.id, n.host_id, h.name, n.interface, n.vendor, n.model, n.chip, n.driver, "
                         "n.driver_version, n.firmware, n.bus, n.mac, n.max_speed_bps, n.notes, n.created_ms, "
                         "n.changed_ms, n.duplex, n.mtu FROM nics n JOIN hosts h ON h.id = n.host_id"_s;
const auto kSwitchColumns = u"SELECT id, name, vendor, model, kind, rated_latency_us, ports, notes, created_ms, "
                            "changed_ms FROM switches"_s;
const auto kCableColumns = u"SELECT id, label, category, length_m, notes, created_ms, changed_ms FROM cables"_s;
const auto kLinkColumns =
    u"SELECT l.id, l.nic_id, h1.name || '/' || n1.interface, l.cable_id, c.label, l.switch_id, s.name, "
    "l.switch_port, l.peer_nic_id, h2.name || '/' || n2.interface, l.notes, l.created_ms, l.changed_ms "
    "FROM links l JOIN nics n1 ON n1.id = l.nic_id JOIN hosts h1 ON h1.id = n1.host_id "
    "JOIN cables c ON c.id = l.cable_id LEFT JOIN switches s ON s.id = l.switch_id "
    "LEFT JOIN nics n2 ON n2.id = l.peer_nic_id LEFT JOIN hosts h2 ON h2.id = n2.host_id"_s;

const auto kUplinkColumns =
    u"SELECT u.id, u.switch_id, s1.name, u.switch_port, u.cable_id, c.label, u.peer_switch_id, s2.name, u.peer_port, "
    "u.notes, u.created_ms, u.changed_ms FROM uplinks u JOIN switches s1 ON s1.id = u.switch_id "
    "JOIN switches s2 ON s2.id = u.peer_switch_id JOIN cables c ON c.id = u.cable_id"_s;

Host readHost(const SqlStatement &q)
{
    Host h;
    h.id = q.integer(0);
    h.name = q.text(1);
    h.address = q.text(2);
    h.sshPort = int(q.integer(3));
    h.sshUser = q.text(4);
    h.sshKeyPath = q.text(5);
    h.agentPath = q.text(6);
    h.cpu = q.text(7);
    h.memoryBytes = q.integer(8);
    h.os = q.text(9);
    h.notes = q.text(10);
    h.created = fromDbTime(q.value(11));
    h.changed = fromDbTime(q.value(12));
    h.sshAddress = q.text(13);
    h.jumpHost = q.text(14);
    h.dataPortMin = int(q.integer(15));
    h.dataPortMax = int(q.integer(16));
    return h;
}

Nic readNic(const SqlStatement &q)
{
    Nic n;
    n.id = q.integer(0);
    n.hostId = q.integer(1);
    n.hostName = q.text(2);
    n.interfaceName = q.text(3);
    n.vendor = q.text(4);
    n.model = q.text(5);
    n.chip = q.text(6);
    n.driver = q.text(7);
    n.driverVersion = q.text(8);
    n.firmware = q.text(9);
    n.bus = q.text(10);
    n.mac = q.text(11);
    n.maxSpeedBps = q.integer(12);
    n.notes = q.text(13);
    n.created = fromDbTime(q.value(14));
    n.changed = fromDbTime(q.value(15));
    n.duplex = q.text(16);
    n.mtu = q.value(17).toInt();
    return n;
}

NetworkSwitch readSwitch(const SqlStatement &q)
{
    NetworkSwitch s;
    s.id = q.integer(0);
    s.name = q.text(1);
    s.vendor = q.text(2);
    s.model = q.text(3);
    s.kind = switchKindFromName(q.text(4)).value_or(SwitchKind::Unknown);
    if (!q.value(5).isNull())
        s.ratedLatencyUs = q.real(5);
    s.ports = int(q.integer(6));
    s.notes = q.text(7);
    s.created = fromDbTime(q.value(8));
    s.changed = fromDbTime(q.value(9));
    return s;
}

Cable readCable(const SqlStatement &q)
{
    Cable c;
    c.id = q.integer(0);
    c.label = q.text(1);
    c.category = q.text(2);
    if (!q.value(3).isNull())
        c.lengthM = q.real(3);
    c.notes = q.text(4);
    c.created = fromDbTime(q.value(5));
    c.changed = fromDbTime(q.value(6));
    return c;
}

Link readLink(const SqlStatement &q)
{
    Link l;
    l.id = q.integer(0);
    l.nicId = q.integer(1);
    l.nicKey = q.text(2);
    l.cableId = q.integer(3);
    l.cableLabel = q.text(4);
    l.switchId = q.integer(5);
    l.switchName = q.text(6);
    l.switchPort = int(q.integer(7));
    l.peerNicId = q.integer(8);
    l.peerNicKey = q.text(9);
    l.notes = q.text(10);
    l.created = fromDbTime(q.value(11));
    l.changed = fromDbTime(q.value(12));
    return l;
}

template<typename T, typename Reader>
StoreResult<QList<T>> list(ResultStore &store, const QString &sql, const QVariantList &binds, Reader reader,
                           const QString &what)
{
    SqlStatement q(store, sql);
    for (const QVariant &b : binds)
        q.bind(b);
    if (!q.exec())
        return q.error(u"reading "_s + what);
    QList<T> out;
    while (q.next())
        out.append(reader(q));
    return out;
}

template<typename T, typename Reader>
StoreResult<T> one(ResultStore &store, const QString &sql, const QVariant &key, Reader reader,
                   const QString &what)
{
    auto all = list<T>(store, sql, {key}, reader, what);
    if (!all)
        return all.error();
    if (all->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"%1 does not exist"_s.arg(what)};
    return all->first();
}

QVariant optionalReal(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType::fromType<double>());
}

QVariant idOrNull(qint64 id)
{
    return id > 0 ? QVariant(id) : QVariant(QMetaType::fromType<qint64>());
}

StoreError invalid(const QString &message)
{
    return {StoreError::Kind::Invalid, message};
}

StoreError invalidDuplex(const Nic &n)
{
    return invalid(u"NIC '%1': duplex '%2' must be full or half (empty when not known)"_s.arg(n.key(), n.duplex));
}

StoreError invalidMtu(const Nic &n)
{
    return invalid(u"NIC '%1': MTU %2 must be from 68 to 65536 bytes (0 when not known)"_s.arg(n.key()).arg(n.mtu));
}

// Turns a UNIQUE violation into a sentence about the object.
StoreError duplicateOr(const StoreError &e, const QString &what)
{
    if (e.kind == StoreError::Kind::Invalid)
        return invalid(u"%1 already exists (names must be unique)"_s.arg(what));
    return e;
}

Uplink readUplink(const SqlStatement &q)
{
    Uplink u;
    u.id = q.integer(0);
    u.switchId = q.integer(1);
    u.switchName = q.text(2);
    u.switchPort = int(q.integer(3));
    u.cableId = q.integer(4);
    u.cableLabel = q.text(5);
    u.peerSwitchId = q.integer(6);
    u.peerSwitchName = q.text(7);
    u.peerSwitchPort = int(q.integer(8));
    u.notes = q.text(9);
    u.created = fromDbTime(q.value(10));
    u.changed = fromDbTime(q.value(11));
    return u;
}

} // namespace

InventoryStore::InventoryStore(ResultStore &store) : m_store(store) {}

// ---- hosts ----

StoreResult<QList<Host>> InventoryStore::hosts()
{
    return list<Host>(m_store, kHostColumns + u" ORDER BY name"_s, {}, readHost, u"hosts"_s);
}

StoreResult<Host> InventoryStore::host(qint64 id)
{
    return one<Host>(m_store, kHostColumns + u" WHERE id = ?"_s, id, readHost, u"host %1"_s.arg(id));
}

StoreResult<Host> InventoryStore::hostByName(const QString &name)
{
    return one<Host>(m_store, kHostColumns + u" WHERE name = ?"_s, name, readHost,
                     u"host '%1'"_s.arg(name));
}

StoreResult<qint64> InventoryStore::insertHost(const Host &h)
{
    if (h.name.trimmed().isEmpty())
        return invalid(u"a host needs a name"_s);
    if (h.sshPort < 1 || h.sshPort > 65535)
        return invalid(u"host '%1': SSH port %2 is not 1..65535"_s.arg(h.name).arg(h.sshPort));
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store,
                   u"INSERT INTO hosts (name, address, ssh_port, ssh_user, ssh_key_path, agent_path, cpu, "
                   "memory_bytes, os, notes, created_ms, changed_ms, ssh_address, jump_host, data_port_min, "
                   "data_port_max) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bindText(h.name).bindText(h.address).bind(h.sshPort).bindText(h.sshUser).bindText(h.sshKeyPath);
    q.bindText(h.agentPath).bindText(h.cpu).bind(h.memoryBytes).bindText(h.os).bindText(h.notes).bind(now).bind(now);
    q.bindText(h.sshAddress).bindText(h.jumpHost).bind(h.dataPortMin).bind(h.dataPortMax);
    if (!q.exec())
        return duplicateOr(q.error(u"adding host '%1'"_s.arg(h.name)), u"host '%1'"_s.arg(h.name));
    return q.insertedId();
}

StoreResult<qint64> InventoryStore::addHost(const Host &host)
{
    return insertHost(host);
}

StoreStatus InventoryStore::writeHost(const Host &h)
{
    if (h.name.trimmed().isEmpty())
        return invalid(u"a host needs a name"_s);
    SqlStatement q(m_store,
                   u"UPDATE hosts SET name = ?, address = ?, ssh_port = ?, ssh_user = ?, ssh_key_path = ?, "
                   "agent_path = ?, cpu = ?, memory_bytes = ?, os = ?, notes = ?, ssh_address = ?, jump_host = ?, "
                   "data_port_min = ?, data_port_max = ?, changed_ms = ? WHERE id = ?"_s);
    q.bindText(h.name).bindText(h.address).bind(h.sshPort).bindText(h.sshUser).bindText(h.sshKeyPath);
    q.bindText(h.agentPath).bindText(h.cpu).bind(h.memoryBytes).bindText(h.os).bindText(h.notes);
    q.bindText(h.sshAddress).bindText(h.jumpHost).bind(h.dataPortMin).bind(h.dataPortMax);
    q.bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(h.id);
    if (!q.exec())
        return duplicateOr(q.error(u"changing host '%1'"_s.arg(h.name)), u"host '%1'"_s.arg(h.name));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"host %1 does not exist"_s.arg(h.id)};
    return {};
}

StoreStatus InventoryStore::updateHost(const Host &host)
{
    return writeHost(host);
}

StoreStatus InventoryStore::deleteHost(qint64 id)
{
    auto h = host(id);
    if (!h)
        return h.error();
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    if (StoreStatus s = refuseIfReferenced(u"host"_s, id, u"host '%1'"_s.arg(h->name)); !s)
        return s;
    auto hostNics = nics(id);
    if (!hostNics)
        return hostNics.error();
    for (const Nic &n : *hostNics)
        if (StoreStatus s = refuseIfReferenced(u"nic"_s, n.id, u"NIC '%1' of host '%2'"_s.arg(n.key(), h->name)); !s)
            return s;
    if (StoreStatus s = deleteById(u"DELETE FROM hosts WHERE id = ?"_s, id, u"host '%1'"_s.arg(h->name)); !s)
        return s;
    return tx.commit();
}

// ---- NICs ----

StoreResult<QList<Nic>> InventoryStore::nics(qint64 hostId)
{
    if (hostId > 0)
        return list<Nic>(m_store, kNicColumns + u" WHERE n.host_id = ? ORDER BY n.interface"_s, {hostId},
                         readNic, u"NICs"_s);
    return list<Nic>(m_store, kNicColumns + u" ORDER BY h.name, n.interface"_s, {}, readNic, u"NICs"_s);
}

StoreResult<Nic> InventoryStore::nic(qint64 id)
{
    return one<Nic>(m_store, kNicColumns + u" WHERE n.id = ?"_s, id, readNic, u"NIC %1"_s.arg(id));
}

StoreResult<Nic> InventoryStore::nicByKey(const QString &key)
{
    const qsizetype slash = key.indexOf(u'/');
    if (slash <= 0)
        return invalid(u"NIC '%1' must be written host/interface"_s.arg(key));
    auto all = list<Nic>(m_store, kNicColumns + u" WHERE h.name = ? AND n.interface = ?"_s,
                         {key.left(slash), key.mid(slash + 1)}, readNic, u"NIC '%1'"_s.arg(key));
    if (!all)
        return all.error();
    if (all->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"NIC '%1' does not exist"_s.arg(key)};
    return all->first();
}

StoreResult<qint64> InventoryStore::resolveNicKey(const QString &key)
{
    auto n = nicByKey(key);
    if (!n)
        return n.error();
    return n->id;
}

StoreResult<qint64> InventoryStore::insertNic(const Nic &n)
{
    if (n.interfaceName.trimmed().isEmpty())
        return invalid(u"a NIC needs an interface name"_s);
    if (!Nic::isValidDuplex(n.duplex))
        return invalidDuplex(n);
    if (!Nic::isValidMtu(n.mtu))
        return invalidMtu(n);
    qint64 hostId = n.hostId;
    if (hostId <= 0) {
        auto h = hostByName(n.hostName);
        if (!h)
            return h.error();
        hostId = h->id;
    }
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store,
                   u"INSERT INTO nics (host_id, interface, vendor, model, chip, driver, driver_version, firmware, bus, "
                   "mac, max_speed_bps, duplex, mtu, notes, created_ms, changed_ms) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bind(hostId).bindText(n.interfaceName).bindText(n.vendor).bindText(n.model).bindText(n.chip);
    q.bindText(n.driver).bindText(n.driverVersion).bindText(n.firmware).bindText(n.bus).bindText(n.mac);
    q.bind(n.maxSpeedBps).bindText(n.duplex).bind(n.mtu).bindText(n.notes).bind(now).bind(now);
    if (!q.exec()) {
        StoreError e = q.error(u"adding NIC '%1'"_s.arg(n.interfaceName));
        if (e.kind == StoreError::Kind::Invalid)
            return invalid(u"host %1 has no such host or already has interface '%2'"_s.arg(hostId).arg(n.interfaceName));
        return e;
    }
    return q.insertedId();
}

StoreResult<qint64> InventoryStore::addNic(const Nic &nic)
{
    return insertNic(nic);
}

StoreStatus InventoryStore::writeNic(const Nic &n)
{
    if (!Nic::isValidDuplex(n.duplex))
        return invalidDuplex(n);
    if (!Nic::isValidMtu(n.mtu))
        return invalidMtu(n);
    SqlStatement q(m_store,
                   u"UPDATE nics SET interface = ?, vendor = ?, model = ?, chip = ?, driver = ?, driver_version = ?, "
                   "firmware = ?, bus = ?, mac = ?, max_speed_bps = ?, duplex = ?, mtu = ?, notes = ?, changed_ms = ? "
                   "WHERE id = ?"_s);
    q.bindText(n.interfaceName).bindText(n.vendor).bindText(n.model).bindText(n.chip).bindText(n.driver);
    q.bindText(n.driverVersion).bindText(n.firmware).bindText(n.bus).bindText(n.mac).bind(n.maxSpeedBps);
    q.bindText(n.duplex).bind(n.mtu).bindText(n.notes).bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(n.id);
    if (!q.exec())
        return duplicateOr(q.error(u"changing NIC %1"_s.arg(n.id)), u"interface '%1'"_s.arg(n.interfaceName));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"NIC %1 does not exist"_s.arg(n.id)};
    return {};
}

StoreStatus InventoryStore::updateNic(const Nic &nic)
{
    return writeNic(nic);
}

StoreStatus InventoryStore::deleteNic(qint64 id)
{
    auto n = nic(id);
    if (!n)
        return n.error();
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    if (StoreStatus s = refuseIfReferenced(u"nic"_s, id, u"NIC '%1'"_s.arg(n->key())); !s)
        return s;
    if (StoreStatus s = deleteById(u"DELETE FROM nics WHERE id = ?"_s, id, u"NIC '%1'"_s.arg(n->key())); !s)
        return s;
    return tx.commit();
}

// ---- switches ----

StoreResult<QList<NetworkSwitch>> InventoryStore::switches()
{
    return list<NetworkSwitch>(m_store, kSwitchColumns + u" ORDER BY name"_s, {}, readSwitch,
                               u"switches"_s);
}

StoreResult<NetworkSwitch> InventoryStore::networkSwitch(qint64 id)
{
    return one<NetworkSwitch>(m_store, kSwitchColumns + u" WHERE id = ?"_s, id, readSwitch,
                              u"switch %1"_s.arg(id));
}

StoreResult<NetworkSwitch> InventoryStore::switchByName(const QString &name)
{
    return one<NetworkSwitch>(m_store, kSwitchColumns + u" WHERE name = ?"_s, name, readSwitch,
                              u"switch '%1'"_s.arg(name));
}

StoreResult<qint64> InventoryStore::insertSwitch(const NetworkSwitch &s)
{
    if (s.name.trimmed().isEmpty())
        return invalid(u"a switch needs a name"_s);
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store,
                   u"INSERT INTO switches (name, vendor, model, kind, rated_latency_us, ports, notes, created_ms, "
                   "changed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bindText(s.name).bindText(s.vendor).bindText(s.model).bindText(switchKindName(s.kind));
    q.bind(optionalReal(s.ratedLatencyUs)).bind(s.ports).bindText(s.notes).bind(now).bind(now);
    if (!q.exec())
        return duplicateOr(q.error(u"adding switch '%1'"_s.arg(s.name)), u"switch '%1'"_s.arg(s.name));
    return q.insertedId();
}

StoreResult<qint64> InventoryStore::addSwitch(const NetworkSwitch &sw)
{
    return insertSwitch(sw);
}

StoreStatus InventoryStore::writeSwitch(const NetworkSwitch &s)
{
    if (s.name.trimmed().isEmpty())
        return invalid(u"a switch needs a name"_s);
    SqlStatement q(m_store,
                   u"UPDATE switches SET name = ?, vendor = ?, model = ?, kind = ?, rated_latency_us = ?, ports = ?, "
                   "notes = ?, changed_ms = ? WHERE id = ?"_s);
    q.bindText(s.name).bindText(s.vendor).bindText(s.model).bindText(switchKindName(s.kind));
    q.bind(optionalReal(s.ratedLatencyUs)).bind(s.ports).bindText(s.notes);
    q.bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(s.id);
    if (!q.exec())
        return duplicateOr(q.error(u"changing switch '%1'"_s.arg(s.name)), u"switch '%1'"_s.arg(s.name));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"switch %1 does not exist"_s.arg(s.id)};
    return {};
}

StoreStatus InventoryStore::updateSwitch(const NetworkSwitch &sw)
{
    return writeSwitch(sw);
}

StoreStatus InventoryStore::deleteSwitch(qint64 id)
{
    auto s = networkSwitch(id);
    if (!s)
        return s.error();
    SqlTransaction tx(m_store);
    if (StoreStatus st = tx.begin(); !st)
        return st;
    if (StoreStatus st = refuseIfReferenced(u"switch"_s, id, u"switch '%1'"_s.arg(s->name)); !st)
        return st;
    if (StoreStatus st = deleteById(u"DELETE FROM switches WHERE id = ?"_s, id, u"switch '%1'"_s.arg(s->name)); !st)
        return st;
    return tx.commit();
}

// ---- cables ----

StoreResult<QList<Cable>> InventoryStore::cables()
{
    return list<Cable>(m_store, kCableColumns + u" ORDER BY label"_s, {}, readCable, u"cables"_s);
}

StoreResult<Cable> InventoryStore::cable(qint64 id)
{
    return one<Cable>(m_store, kCableColumns + u" WHERE id = ?"_s, id, readCable, u"cable %1"_s.arg(id));
}

StoreResult<Cable> InventoryStore::cableByLabel(const QString &label)
{
    return one<Cable>(m_store, kCableColumns + u" WHERE label = ?"_s, label, readCable,
                      u"cable '%1'"_s.arg(label));
}

StoreResult<qint64> InventoryStore::insertCable(const Cable &c)
{
    if (c.label.trimmed().isEmpty())
        return invalid(u"a cable needs a label"_s);
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store,
                   u"INSERT INTO cables (label, category, length_m, notes, created_ms, changed_ms) "
                   "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bindText(c.label).bindText(c.category).bind(optionalReal(c.lengthM)).bindText(c.notes).bind(now).bind(now);
    if (!q.exec())
        return duplicateOr(q.error(u"adding cable '%1'"_s.arg(c.label)), u"cable '%1'"_s.arg(c.label));
    return q.insertedId();
}

StoreResult<qint64> InventoryStore::addCable(const Cable &cable)
{
    return insertCable(cable);
}

StoreStatus InventoryStore::writeCable(const Cable &c)
{
    if (c.label.trimmed().isEmpty())
        return invalid(u"a cable needs a label"_s);
    SqlStatement q(m_store, u"UPDATE cables SET label = ?, category = ?, length_m = ?, notes = ?, "
                                       "changed_ms = ? WHERE id = ?"_s);
    q.bindText(c.label).bindText(c.category).bind(optionalReal(c.lengthM)).bindText(c.notes);
    q.bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(c.id);
    if (!q.exec())
        return duplicateOr(q.error(u"changing cable '%1'"_s.arg(c.label)), u"cable '%1'"_s.arg(c.label));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"cable %1 does not exist"_s.arg(c.id)};
    return {};
}

StoreStatus InventoryStore::updateCable(const Cable &cable)
{
    return writeCable(cable);
}

StoreStatus InventoryStore::deleteCable(qint64 id)
{
    auto c = cable(id);
    if (!c)
        return c.error();
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    if (StoreStatus s = refuseIfReferenced(u"cable"_s, id, u"cable '%1'"_s.arg(c->label)); !s)
        return s;
    if (StoreStatus s = deleteById(u"DELETE FROM cables WHERE id = ?"_s, id, u"cable '%1'"_s.arg(c->label)); !s)
        return s;
    return tx.commit();
}

// ---- links ----

StoreResult<QList<Link>> InventoryStore::links()
{
    return list<Link>(m_store, kLinkColumns + u" ORDER BY h1.name, n1.interface"_s, {}, readLink,
                      u"links"_s);
}

StoreResult<Link> InventoryStore::linkOfNic(qint64 nicId)
{
    auto all = list<Link>(m_store, kLinkColumns + u" WHERE l.nic_id = ? OR l.peer_nic_id = ?"_s,
                          {nicId, nicId}, readLink, u"the link of NIC %1"_s.arg(nicId));
    if (!all)
        return all.error();
    if (all->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"NIC %1 is not wired"_s.arg(nicId)};
    return all->first();
}

StoreResult<Link> InventoryStore::resolveLink(const Link &link)
{
    Link l = link;
    if (l.nicId <= 0) {
        auto id = resolveNicKey(l.nicKey);
        if (!id)
            return id.error();
        l.nicId = *id;
    }
    if (l.cableId <= 0) {
        auto c = cableByLabel(l.cableLabel);
        if (!c)
            return c.error();
        l.cableId = c->id;
    }
    if (l.switchId <= 0 && !l.switchName.isEmpty()) {
        auto s = switchByName(l.switchName);
        if (!s)
            return s.error();
        l.switchId = s->id;
    }
    if (l.peerNicId <= 0 && !l.peerNicKey.isEmpty()) {
        auto id = resolveNicKey(l.peerNicKey);
        if (!id)
            return id.error();
        l.peerNicId = *id;
    }
    if ((l.switchId > 0) == (l.peerNicId > 0))
        return invalid(u"a link goes to exactly one of a switch port or a peer NIC"_s);
    if (l.peerNicId == l.nicId)
        return invalid(u"a crossover link needs two different NICs"_s);
    // A NIC has one cable: it may not appear in another link at either end.
    SqlStatement q(m_store, u"SELECT id FROM links WHERE id <> ? AND (nic_id IN (?, ?) OR "
                                       "peer_nic_id IN (?, ?))"_s);
    q.bind(l.id).bind(l.nicId).bind(idOrNull(l.peerNicId)).bind(l.nicId).bind(idOrNull(l.peerNicId));
    if (!q.exec())
        return q.error(u"checking links"_s);
    if (q.next())
        return invalid(u"NIC %1 is already wired (link %2); remove that link first"_s.arg(
            l.nicKey.isEmpty() ? QString::number(l.nicId) : l.nicKey)
                           .arg(q.integer(0)));
    return l;
}

StoreResult<qint64> InventoryStore::insertLink(const Link &link)
{
    auto l = resolveLink(link);
    if (!l)
        return l.error();
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store,
                   u"INSERT INTO links (nic_id, cable_id, switch_id, switch_port, peer_nic_id, notes, created_ms, "
                   "changed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bind(l->nicId).bind(l->cableId).bind(idOrNull(l->switchId)).bind(l->switchPort).bind(idOrNull(l->peerNicId));
    q.bindText(l->notes).bind(now).bind(now);
    if (!q.exec())
        return q.error(u"adding a link"_s);
    return q.insertedId();
}

StoreResult<qint64> InventoryStore::addLink(const Link &link)
{
    return insertLink(link);
}

StoreStatus InventoryStore::writeLink(const Link &link)
{
    auto l = resolveLink(link);
    if (!l)
        return l.error();
    SqlStatement q(m_store, u"UPDATE links SET nic_id = ?, cable_id = ?, switch_id = ?, switch_port = ?, "
                                       "peer_nic_id = ?, notes = ?, changed_ms = ? WHERE id = ?"_s);
    q.bind(l->nicId).bind(l->cableId).bind(idOrNull(l->switchId)).bind(l->switchPort).bind(idOrNull(l->peerNicId));
    q.bindText(l->notes).bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(l->id);
    if (!q.exec())
        return q.error(u"changing link %1"_s.arg(l->id));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"link %1 does not exist"_s.arg(l->id)};
    return {};
}

StoreStatus InventoryStore::updateLink(const Link &link)
{
    return writeLink(link);
}

StoreStatus InventoryStore::deleteLink(qint64 id)
{
    return deleteById(u"DELETE FROM links WHERE id = ?"_s, id, u"link %1"_s.arg(id));
}

// ---- uplinks ----

StoreResult<QList<Uplink>> InventoryStore::uplinks()
{
    return list<Uplink>(m_store, kUplinkColumns + u" ORDER BY s1.name, u.switch_port, c.label"_s, {}, readUplink,
                        u"uplinks"_s);
}

StoreResult<Uplink> InventoryStore::uplinkByCable(const QString &label)
{
    return one<Uplink>(m_store, kUplinkColumns + u" WHERE c.label = ?"_s, label, readUplink,
                       u"the uplink on cable '%1'"_s.arg(label));
}

StoreResult<Uplink> InventoryStore::resolveUplink(const Uplink &uplink)
{
    Uplink u = uplink;
    for (auto [id, name] : {std::pair{&u.switchId, &u.switchName}, std::pair{&u.peerSwitchId, &u.peerSwitchName}}) {
        if (*id > 0)
            continue;
        auto s = switchByName(*name);
        if (!s)
            return s.error();
        *id = s->id;
    }
    if (u.cableId <= 0) {
        auto c = cableByLabel(u.cableLabel);
        if (!c)
            return c.error();
        u.cableId = c->id;
    }
    if (u.switchId == u.peerSwitchId)
        return invalid(u"an uplink goes between two different switches"_s);
    // A cable is in one place: not on a NIC link as well.
    SqlStatement q(m_store, u"SELECT 1 FROM links WHERE cable_id = ?"_s);
    q.bind(u.cableId);
    if (!q.exec())
        return q.error(u"checking links"_s);
    if (q.next())
        return invalid(u"cable '%1' already wires a NIC; an uplink needs a cable of its own"_s.arg(u.cableLabel));
    return u;
}

StoreResult<qint64> InventoryStore::addUplink(const Uplink &uplink)
{
    auto u = resolveUplink(uplink);
    if (!u)
        return u.error();
    const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
    SqlStatement q(m_store, u"INSERT INTO uplinks (switch_id, switch_port, cable_id, peer_switch_id, peer_port, notes, "
                            "created_ms, changed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bind(u->switchId).bind(u->switchPort).bind(u->cableId).bind(u->peerSwitchId).bind(u->peerSwitchPort);
    q.bindText(u->notes).bind(now).bind(now);
    if (!q.exec())
        return duplicateOr(q.error(u"adding an uplink"_s), u"an uplink on cable '%1'"_s.arg(u->cableLabel));
    return q.insertedId();
}

StoreStatus InventoryStore::updateUplink(const Uplink &uplink)
{
    auto u = resolveUplink(uplink);
    if (!u)
        return u.error();
    SqlStatement q(m_store, u"UPDATE uplinks SET switch_id = ?, switch_port = ?, cable_id = ?, peer_switch_id = ?, "
                            "peer_port = ?, notes = ?, changed_ms = ? WHERE id = ?"_s);
    q.bind(u->switchId).bind(u->switchPort).bind(u->cableId).bind(u->peerSwitchId).bind(u->peerSwitchPort);
    q.bindText(u->notes).bind(toDbTime(QDateTime::currentDateTimeUtc())).bind(u->id);
    if (!q.exec())
        return q.error(u"changing uplink %1"_s.arg(u->id));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"uplink %1 does not exist"_s.arg(u->id)};
    return {};
}

StoreStatus InventoryStore::deleteUplink(qint64 id)
{
    return deleteById(u"DELETE FROM uplinks WHERE id = ?"_s, id, u"uplink %1"_s.arg(id));
}

// ---- whole lab ----

StoreResult<Inventory> InventoryStore::load()
{
    Inventory inv;
    auto h = hosts();
    if (!h)
        return h.error();
    inv.hosts = *h;
    auto n = nics();
    if (!n)
        return n.error();
    inv.nics = *n;
    auto s = switches();
    if (!s)
        return s.error();
    inv.switches = *s;
    auto c = cables();
    if (!c)
        return c.error();
    inv.cables = *c;
    auto l = links();
    if (!l)
        return l.error();
    inv.links = *l;
    auto u = uplinks();
    if (!u)
        return u.error();
    inv.uplinks = *u;
    return inv;
}

StoreResult<InventoryImportSummary> InventoryStore::importInventory(const Inventory &inventory, InventoryMerge merge)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto summary = importInventoryNoTransaction(inventory, merge);
    if (!summary)
        return summary;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return summary;
}

StoreResult<InventoryImportSummary> InventoryStore::importInventoryNoTransaction(const Inventory &inventory,
                                                                                 InventoryMerge merge)
{
    InventoryImportSummary sum;
    const bool update = merge == InventoryMerge::UpdateExisting;
    // Each kind: look up by natural key; add, update or leave alone.
    auto apply = [&](auto existing, auto incoming, auto insert, auto write) -> StoreStatus {
        if (!existing.ok()) {
            if (existing.error().kind != StoreError::Kind::NotFound)
                return existing.error();
            auto id = insert(incoming);
            if (!id)
                return id.error();
            ++sum.added;
            return {};
        }
        if (!update || existing->sameAttributes(incoming)) {
            ++sum.unchanged;
            return {};
        }
        incoming.id = existing->id;
        if (StoreStatus s = write(incoming); !s)
            return s;
        ++sum.updated;
        return {};
    };
    for (const Host &h : inventory.hosts)
        if (StoreStatus s = apply(hostByName(h.name), h, [&](const Host &x) { return insertHost(x); },
                                  [&](const Host &x) { return writeHost(x); });
            !s)
            return s.error();
    for (const Nic &n : inventory.nics) {
        Nic in = n;
        in.hostId = 0;
        if (StoreStatus s = apply(nicByKey(n.key()), in, [&](const Nic &x) { return insertNic(x); },
                                  [&](const Nic &x) { return writeNic(x); });
            !s)
            return s.error();
    }
    for (const NetworkSwitch &sw : inventory.switches)
        if (StoreStatus s = apply(switchByName(sw.name), sw, [&](const NetworkSwitch &x) { return insertSwitch(x); },
                                  [&](const NetworkSwitch &x) { return writeSwitch(x); });
            !s)
            return s.error();
    for (const Cable &c : inventory.cables)
        if (StoreStatus s = apply(cableByLabel(c.label), c, [&](const Cable &x) { return insertCable(x); },
                                  [&](const Cable &x) { return writeCable(x); });
            !s)
            return s.error();
    for (const Link &link : inventory.links) {
        Link in = link;
        in.id = 0;
        in.nicId = in.cableId = in.switchId = in.peerNicId = 0;
        auto nicId = resolveNicKey(link.nicKey);
        if (!nicId)
            return nicId.error();
        auto existing = linkOfNic(*nicId);
        if (existing && existing->nicKey != link.nicKey && existing->peerNicKey == link.nicKey) {
            // The same crossover written from the other end.
            std::swap(in.nicKey, in.peerNicKey);
        }
        if (StoreStatus s = apply(existing, in, [&](const Link &x) { return insertLink(x); },
                                  [&](const Link &x) { return writeLink(x); });
            !s)
            return s.error();
    }
    // An uplink is known by its cable.
    for (const Uplink &uplink : inventory.uplinks) {
        Uplink in = uplink;
        in.id = in.switchId = in.cableId = in.peerSwitchId = 0;
        if (StoreStatus s = apply(uplinkByCable(uplink.cableLabel), in,
                                  [&](const Uplink &x) { return addUplink(x); },
                                  [&](const Uplink &x) { return updateUplink(x); });
            !s)
            return s.error();
    }
    return sum;
}

// ---- helpers ----

StoreStatus InventoryStore::refuseIfReferenced(const QString &objectType, qint64 id, const QString &what)
{
    QSqlDatabase db = m_store.database();
    SqlStatement runs(m_store, u"SELECT DISTINCT run_id FROM run_objects WHERE object_type = ? AND object_id = ? "
                          "ORDER BY run_id"_s);
    runs.bind(objectType).bind(id);
    if (!runs.exec())
        return runs.error(u"checking which runs use %1"_s.arg(what));
    QStringList runIds;
    while (runs.next())
        runIds.append(runs.text(0));
    SqlStatement bases(m_store, u"SELECT b.key FROM baseline_objects o JOIN baselines b ON b.id = o.baseline_id "
                           "WHERE o.object_type = ? AND o.object_id = ? ORDER BY b.key"_s);
    bases.bind(objectType).bind(id);
    if (!bases.exec())
        return bases.error(u"checking which baselines use %1"_s.arg(what));
    QStringList baselineKeys;
    while (bases.next())
        baselineKeys.append(bases.text(0));
    if (runIds.isEmpty() && baselineKeys.isEmpty())
        return {};
    auto shortList = [](const QStringList &items) {
        QString s = items.mid(0, 10).join(u", "_s);
        if (items.size() > 10)
            s += u" and %1 more"_s.arg(items.size() - 10);
        return s;
    };
    QStringList parts;
    if (!runIds.isEmpty())
        parts.append(u"%1 run%2 (%3)"_s.arg(runIds.size()).arg(runIds.size() == 1 ? u""_s : u"s"_s,
                                                               shortList(runIds)));
    if (!baselineKeys.isEmpty())
        parts.append(u"%1 baseline%2 (%3)"_s.arg(baselineKeys.size())
                         .arg(baselineKeys.size() == 1 ? u""_s : u"s"_s, shortList(baselineKeys)));
    return StoreError{StoreError::Kind::Refused,
                      u"%1 cannot be deleted: results refer to it: %2. Delete those results first."_s.arg(
                          what, parts.join(u" and "_s))};
}

StoreStatus InventoryStore::deleteById(const QString &sql, qint64 id, const QString &what)
{
    SqlStatement q(m_store, sql);
    q.bind(id);
    if (!q.exec())
        return q.error(u"deleting "_s + what);
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"%1 does not exist"_s.arg(what)};
    return {};
}

} // namespace wb
