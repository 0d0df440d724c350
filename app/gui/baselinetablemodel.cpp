// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinetablemodel.h"

#include "result/keyfigure.h"

using namespace Qt::StringLiterals;

namespace wb::gui {

void BaselineTableModel::setBaselines(QList<Baseline> baselines)
{
    beginResetModel();
    m_baselines = std::move(baselines);
    endResetModel();
}

const Baseline *BaselineTableModel::baselineAt(int row) const
{
    return row >= 0 && row < m_baselines.size() ? &m_baselines[row] : nullptr;
}

int BaselineTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_baselines.size());
}

int BaselineTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BaselineTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_baselines.size())
        return {};
    const Baseline &b = m_baselines[index.row()];
    if (role == Qt::ToolTipRole)
        return u"%1\n%2"_s.arg(b.citation.title, b.hardwareText);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Source: {
        const QString author = b.citation.author.section(u'<', 0, 0).trimmed();
        return b.citation.date.isEmpty() ? author : u"%1, %2"_s.arg(author, b.citation.date.left(4));
    }
    case Kind:
        return b.record.kind;
    case Figure: {
        const KeyFigure k = keyFigure(b.record);
        if (k.valid)
            return k.text;
        // Figures that are not a kind's key metric: the first one given.
        if (!b.record.metrics.isEmpty()) {
            const Metric &m = b.record.metrics.first();
            return u"%1 = %2 %3"_s.arg(m.name).arg(m.value, 0, 'g', 6).arg(m.unit);
        }
        return {};
    }
    case Hardware:
        return b.hardwareText;
    case Key:
        return b.key;
    default:
        return {};
    }
}

QVariant BaselineTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Source:
        return tr("Source");
    case Kind:
        return tr("Test");
    case Figure:
        return tr("Figure");
    case Hardware:
        return tr("Hardware");
    case Key:
        return tr("Key");
    default:
        return {};
    }
}

} // namespace wb::gui
