// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorytablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace wb::gui {

InventoryTableModel::InventoryTableModel(InventoryDocument *document, InventoryTable table, QObject *parent)
    : QAbstractTableModel(parent), m_doc(document), m_table(table)
{
    connect(m_doc, &InventoryDocument::aboutToChange, this, &InventoryTableModel::handleAboutToChange);
    connect(m_doc, &InventoryDocument::changed, this, &InventoryTableModel::handleChanged);
}

int InventoryTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : InventoryFields::rowCount(m_doc->inventory(), m_table);
}

int InventoryTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : InventoryFields::columnCount(m_table);
}

QVariant InventoryTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const QVariant v = InventoryFields::value(m_doc->inventory(), m_table, index.row(), index.column());
    switch (role) {
    case Qt::EditRole: return v;
    case Qt::DisplayRole:
        if (m_table == InventoryTable::Switches && index.column() == InventoryFields::kSwitchPortsColumn) {
            // The count as recorded, with what the links use beside it.
            const Inventory &inv = m_doc->inventory();
            const NetworkSwitch &sw = inv.switches.at(index.row());
            const int used = int(inv.portsInUse(sw.name).size());
            if (sw.ports > 0)
                return tr("%1 (%2 in use)").arg(sw.ports).arg(used);
            return used > 0 ? tr("not recorded (%1 in use)").arg(used) : QString();
        }
        if (v.typeId() == QMetaType::Double)
            return QLocale().toString(v.toDouble(), 'g', 6);
        return v;
    case Qt::TextAlignmentRole:
        if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Int)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

bool InventoryTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const QString error = m_doc->setValue(m_table, index.row(), index.column(), value);
    if (!error.isEmpty()) {
        m_lastError = error;
        emit editRefused(error);
        return false;
    }
    m_lastError.clear();
    return true;
}

Qt::ItemFlags InventoryTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant InventoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        // "SSH address (management)" over two lines keeps the column narrow.
        QString text = InventoryFields::header(m_table, section);
        return text.replace(u" ("_s, u"\n("_s);
    }
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        const QString hint = InventoryFields::headerHint(m_table, section);
        return hint.isEmpty() ? QVariant() : QVariant(hint);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

void InventoryTableModel::handleAboutToChange(InventoryTable table, InventoryDocument::Change change, int row)
{
    if (table != m_table)
        return;
    switch (change) {
    case InventoryDocument::Change::Insert: beginInsertRows({}, row, row); break;
    case InventoryDocument::Change::Remove: beginRemoveRows({}, row, row); break;
    case InventoryDocument::Change::Reset: beginResetModel(); break;
    case InventoryDocument::Change::Edit: break;
    }
}

void InventoryTableModel::handleChanged(InventoryTable table, InventoryDocument::Change change, int row)
{
    if (table != m_table)
        return;
    switch (change) {
    case InventoryDocument::Change::Insert: endInsertRows(); break;
    case InventoryDocument::Change::Remove: endRemoveRows(); break;
    case InventoryDocument::Change::Reset: endResetModel(); break;
    case InventoryDocument::Change::Edit: {
        const int rows = rowCount();
        if (rows == 0)
            break;
        const int first = row >= 0 ? row : 0;
        const int last = row >= 0 ? row : rows - 1;
        emit dataChanged(index(first, 0), index(last, columnCount() - 1));
        break;
    }
    }
}

} // namespace wb::gui
