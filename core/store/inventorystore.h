// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Inventory persistence: hosts, NICs, switches, cables, links and uplinks, with
// created/changed times. Deleting an object that runs or baselines refer to
// is refused with a message naming them. Lab files (docs/lab-format.md) go in
// and out through load() / importInventory(). Use through ResultStore.

#include "inventory/inventory.h"
#include "storeerror.h"

namespace wb {

class ResultStore;

// What importing a lab did, object by object.
struct InventoryImportSummary
{
    int added = 0;
    int updated = 0;
    int unchanged = 0;
};

enum class InventoryMerge {
    UpdateExisting, // a lab file is the truth: existing objects take its attributes
    KeepExisting,   // an archive from elsewhere: only add what is missing
};

class InventoryStore
{
public:
    explicit InventoryStore(ResultStore &store);

    StoreResult<QList<Host>> hosts();
    StoreResult<Host> host(qint64 id);
    StoreResult<Host> hostByName(const QString &name);
    StoreResult<qint64> addHost(const Host &host);
    StoreStatus updateHost(const Host &host);
    StoreStatus deleteHost(qint64 id); // with its NICs and their links

    StoreResult<QList<Nic>> nics(qint64 hostId = 0); // 0 = all
    StoreResult<Nic> nic(qint64 id);
    StoreResult<Nic> nicByKey(const QString &key); // "host/interface"
    StoreResult<qint64> addNic(const Nic &nic);    // hostId, or hostName when hostId is 0
    StoreStatus updateNic(const Nic &nic);
    StoreStatus deleteNic(qint64 id);

    StoreResult<QList<NetworkSwitch>> switches();
    StoreResult<NetworkSwitch> networkSwitch(qint64 id);
    StoreResult<NetworkSwitch> switchByName(const QString &name);
    StoreResult<qint64> addSwitch(const NetworkSwitch &sw);
    StoreStatus updateSwitch(const NetworkSwitch &sw);
    StoreStatus deleteSwitch(qint64 id);

    StoreResult<QList<Cable>> cables();
    StoreResult<Cable> cable(qint64 id);
    StoreResult<Cable> cableByLabel(const QString &label);
    StoreResult<qint64> addCable(const Cable &cable);
    StoreStatus updateCable(const Cable &cable);
    StoreStatus deleteCable(qint64 id);

    StoreResult<QList<Link>> links();
    // The link a NIC is on (as either end), or NotFound.
    StoreResult<Link> linkOfNic(qint64 nicId);
    // Ids win; where an id is 0 the natural key (nicKey, cableLabel,
    // switchName, peerNicKey) is looked up.
    StoreResult<qint64> addLink(const Link &link);
    StoreStatus updateLink(const Link &link);
    StoreStatus deleteLink(qint64 id);

    // Cables between switches (schema 5); natural keys as for links.
    StoreResult<QList<Uplink>> uplinks();
    StoreResult<Uplink> uplinkByCable(const QString &label);
    StoreResult<qint64> addUplink(const Uplink &uplink);
    StoreStatus updateUplink(const Uplink &uplink);
    StoreStatus deleteUplink(qint64 id);

    // The whole lab with ids and natural keys filled in.
    StoreResult<Inventory> load();
    // Upserts by natural key in one transaction; nothing changes on error.
    StoreResult<InventoryImportSummary> importInventory(const Inventory &inventory,
                                                        InventoryMerge merge = InventoryMerge::UpdateExisting);

    // Within an open write transaction (for other store classes): no BEGIN.
    StoreResult<InventoryImportSummary> importInventoryNoTransaction(const Inventory &inventory, InventoryMerge merge);

private:
    StoreStatus refuseIfReferenced(const QString &objectType, qint64 id, const QString &what);
    StoreResult<qint64> resolveNicKey(const QString &key);
    StoreResult<qint64> insertHost(const Host &h);
    StoreResult<qint64> insertNic(const Nic &n);
    StoreResult<qint64> insertSwitch(const NetworkSwitch &s);
    StoreResult<qint64> insertCable(const Cable &c);
    StoreResult<qint64> insertLink(const Link &l);
    StoreStatus writeHost(const Host &h);
    StoreStatus writeNic(const Nic &n);
    StoreStatus writeSwitch(const NetworkSwitch &s);
    StoreStatus writeCable(const Cable &c);
    StoreStatus writeLink(const Link &l);
    StoreResult<Link> resolveLink(const Link &link);
    StoreResult<Uplink> resolveUplink(const Uplink &uplink);
    StoreStatus deleteById(const QString &sql, qint64 id, const QString &what);

    ResultStore &m_store;
};

} // namespace wb
