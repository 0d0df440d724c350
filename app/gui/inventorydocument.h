// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lab being edited on the Inventory page: one wb::Inventory value and
// the undo stack of every change to it. Each change is a command holding the
// lab before and after (labs are small: hundreds of objects), so undo and
// redo are exact, including cascades (a host rename renames its NICs'
// links). The table models and the topology view listen to its signals.

#include "inventoryfields.h"

#include <QObject>

class QUndoStack;

namespace wb::gui {

class InventoryDocument : public QObject
{
    Q_OBJECT
public:
    enum class Change { Edit, Insert, Remove, Reset };

    explicit InventoryDocument(QObject *parent = nullptr);
    ~InventoryDocument() override;

    const Inventory &inventory() const { return m_inventory; }
    QUndoStack *undoStack() const { return m_undo; }
    bool isModified() const;
    void setUnmodified();

    // Undoable edits; each returns the error (nothing changed) or empty.
    QString setValue(InventoryTable table, int row, int column, const QVariant &value);
    QString appendRow(InventoryTable table, int *row = nullptr);
    QString removeRow(InventoryTable table, int row);
    // Replaces the whole lab (import, example lab), undoably.
    void replace(const Inventory &inventory, const QString &description);
    // Takes what discovery found about one host (CPU, memory, OS) and adds
    // or updates its NICs, undoably. What the user wrote and discovery does
    // not know (notes, model; speed and duplex of a link that is down) stays.
    void applyDiscovery(const Host &found, const QList<Nic> &nics, const QString &description);
    // Starts over from `inventory` (opening the database): no undo history.
    void load(const Inventory &inventory);

    // For the undo commands.
    void apply(const Inventory &inventory, InventoryTable table, Change change, int row);

signals:
    // Around each change, per table, so models can emit exact signals.
    void aboutToChange(wb::gui::InventoryTable table, wb::gui::InventoryDocument::Change change, int row);
    void changed(wb::gui::InventoryTable table, wb::gui::InventoryDocument::Change change, int row);
    // After every change, once.
    void inventoryChanged();

private:
    void push(const Inventory &after, InventoryTable table, Change change, int row, const QString &text);

    Inventory m_inventory;
    QUndoStack *m_undo;
};

} // namespace wb::gui
