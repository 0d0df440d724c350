// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorydocument.h"

#include "inventory/nicdiscovery.h"

#include <algorithm>

#include <QUndoCommand>
#include <QUndoStack>

namespace wb::gui {

namespace {

InventoryDocument::Change inverse(InventoryDocument::Change c)
{
    switch (c) {
    case InventoryDocument::Change::Insert: return InventoryDocument::Change::Remove;
    case InventoryDocument::Change::Remove: return InventoryDocument::Change::Insert;
    default: return c;
    }
}

// One change as the lab before and after it.
class InventoryCommand : public QUndoCommand
{
public:
    InventoryCommand(InventoryDocument *doc, Inventory before, Inventory after, InventoryTable table,
                     InventoryDocument::Change change, int row, const QString &text)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)), m_table(table),
          m_change(change), m_row(row)
    {
    }
    void redo() override { m_doc->apply(m_after, m_table, m_change, m_row); }
    void undo() override { m_doc->apply(m_before, m_table, inverse(m_change), m_row); }

private:
    InventoryDocument *m_doc;
    Inventory m_before;
    Inventory m_after;
    InventoryTable m_table;
    InventoryDocument::Change m_change;
    int m_row;
};

} // namespace

InventoryDocument::InventoryDocument(QObject *parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

InventoryDocument::~InventoryDocument() = default;

bool InventoryDocument::isModified() const { return !m_undo->isClean(); }
void InventoryDocument::setUnmodified() { m_undo->setClean(); }

void InventoryDocument::push(const Inventory &after, InventoryTable table, Change change, int row,
                             const QString &text)
{
    m_undo->push(new InventoryCommand(this, m_inventory, after, table, change, row, text));
}

QString InventoryDocument::setValue(InventoryTable table, int row, int column, const QVariant &value)
{
    if (InventoryFields::value(m_inventory, table, row, column) == value)
        return {};
    Inventory after = m_inventory;
    if (QString error = InventoryFields::setValue(after, table, row, column, value); !error.isEmpty())
        return error;
    push(after, table, Change::Edit, row,
         tr("Edit %1 of %2").arg(InventoryFields::header(table, column), InventoryFields::key(m_inventory, table, row)));
    return {};
}

QString InventoryDocument::appendRow(InventoryTable table, int *row)
{
    Inventory after = m_inventory;
    int r = -1;
    if (QString error = InventoryFields::appendRow(after, table, &r); !error.isEmpty())
        return error;
    push(after, table, Change::Insert, r, tr("Add %1").arg(InventoryFields::key(after, table, r)));
    if (row)
        *row = r;
    return {};
}

QString InventoryDocument::removeRow(InventoryTable table, int row)
{
    if (row < 0 || row >= InventoryFields::rowCount(m_inventory, table))
        return tr("Select a row to remove.");
    Inventory after = m_inventory;
    InventoryFields::removeRow(after, table, row);
    push(after, table, Change::Remove, row, tr("Remove %1").arg(InventoryFields::key(m_inventory, table, row)));
    return {};
}

void InventoryDocument::replace(const Inventory &inventory, const QString &description)
{
    push(inventory, InventoryTable::Hosts, Change::Reset, -1, description);
}

void InventoryDocument::applyDiscovery(const Host &found, const QList<Nic> &nics, const QString &description)
{
    Inventory after = m_inventory;
    const QString hostName = found.name;
    for (Host &h : after.hosts) {
        if (h.name != hostName)
            continue;
        if (!found.cpu.isEmpty())
            h.cpu = found.cpu;
        if (!found.os.isEmpty())
            h.os = found.os;
        if (found.memoryBytes > 0)
            h.memoryBytes = found.memoryBytes;
    }
    for (Nic n : nics) {
        n.hostName = hostName;
        bool known = false;
        for (Nic &existing : after.nics) {
            if (existing.key() == n.key()) {
                // Keep what the user wrote (notes, model) unless discovery knows better.
                n.id = existing.id;
                n.hostId = existing.hostId;
                if (n.notes.isEmpty())
                    n.notes = existing.notes;
                if (n.model.isEmpty())
                    n.model = existing.model;
                if (n.vendor.isEmpty())
                    n.vendor = existing.vendor;
                // A link that is down tells neither speed nor duplex.
                if (n.maxSpeedBps <= 0)
                    n.maxSpeedBps = existing.maxSpeedBps;
                if (n.duplex.isEmpty())
                    n.duplex = existing.duplex;
                if (n.mtu <= 0)
                    n.mtu = existing.mtu;
                existing = n;
                known = true;
                break;
            }
        }
        if (!known)
            after.nics.append(n);
    }
    // The host's NICs together and in natural order (eth2 before eth10),
    // where its first NIC was.
    QList<Nic> hostNics;
    qsizetype at = -1;
    for (qsizetype i = 0; i < after.nics.size();) {
        if (after.nics.at(i).hostName == hostName) {
            if (at < 0)
                at = i;
            hostNics.append(after.nics.takeAt(i));
        } else {
            ++i;
        }
    }
    std::stable_sort(hostNics.begin(), hostNics.end(),
                     [](const Nic &a, const Nic &b) { return interfaceNameLess(a.interfaceName, b.interfaceName); });
    for (qsizetype i = 0; i < hostNics.size(); ++i)
        after.nics.insert(at + i, hostNics.at(i));
    push(after, InventoryTable::Nics, Change::Reset, -1, description);
}

void InventoryDocument::load(const Inventory &inventory)
{
    apply(inventory, InventoryTable::Hosts, Change::Reset, -1);
    m_undo->clear();
}

void InventoryDocument::apply(const Inventory &inventory, InventoryTable table, Change change, int row)
{
    // Per table: the changed table gets an exact insert/remove/edit; the
    // others a reset when their row count changes (cascades), else an edit
    // of every row (renames).
    Change perTable[kInventoryTableCount];
    for (int t = 0; t < kInventoryTableCount; ++t) {
        const auto tt = static_cast<InventoryTable>(t);
        // A table whose row count stays is edited, not reset, so views keep
        // their current row and selection.
        const bool sameCount =
            InventoryFields::rowCount(m_inventory, tt) == InventoryFields::rowCount(inventory, tt);
        if (tt == table && change != Change::Reset)
            perTable[t] = change;
        else
            perTable[t] = sameCount ? Change::Edit : Change::Reset;
        // An exact insert/remove is only right when the count moves by one.
        if (tt == table && (change == Change::Insert || change == Change::Remove)) {
            const int delta = InventoryFields::rowCount(inventory, tt) - InventoryFields::rowCount(m_inventory, tt);
            if (delta != (change == Change::Insert ? 1 : -1))
                perTable[t] = Change::Reset;
        }
    }
    for (int t = 0; t < kInventoryTableCount; ++t)
        emit aboutToChange(static_cast<InventoryTable>(t), perTable[t], static_cast<InventoryTable>(t) == table ? row : -1);
    m_inventory = inventory;
    for (int t = 0; t < kInventoryTableCount; ++t)
        emit changed(static_cast<InventoryTable>(t), perTable[t], static_cast<InventoryTable>(t) == table ? row : -1);
    emit inventoryChanged();
}

} // namespace wb::gui
