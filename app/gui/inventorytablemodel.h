// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One of the Inventory page's six editable tables (hosts, NICs, switches,
// cables, links, uplinks) over the shared InventoryDocument. Edits go through the
// document, so they are validated and undoable; a refused edit leaves the
// cell as it was and reports why (editRefused).

#include "inventorydocument.h"

#include <QAbstractTableModel>

namespace wb::gui {

class InventoryTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    InventoryTableModel(InventoryDocument *document, InventoryTable table, QObject *parent = nullptr);

    InventoryTable table() const { return m_table; }
    InventoryDocument *document() const { return m_doc; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The last refused edit's message, for tests and the page.
    QString lastError() const { return m_lastError; }

signals:
    void editRefused(const QString &message);

private:
    void handleAboutToChange(InventoryTable table, InventoryDocument::Change change, int row);
    void handleChanged(InventoryTable table, InventoryDocument::Change change, int row);

    InventoryDocument *m_doc;
    InventoryTable m_table;
    QString m_lastError;
};

} // namespace wb::gui
