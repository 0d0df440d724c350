// SPDX-License-Identifier: GPL-3.0-or-later
#include "candidatelistmodel.h"

#include <QFont>

namespace wb::gui {

QList<ComparisonCandidate> CandidateListModel::setCandidates(QList<ComparisonCandidate> candidates)
{
    beginResetModel();
    std::swap(m_candidates, candidates);
    endResetModel();
    return candidates;
}

void CandidateListModel::setExcluded(QSet<QString> excluded)
{
    m_excluded = std::move(excluded);
    if (!m_candidates.isEmpty())
        emit dataChanged(index(0), index(int(m_candidates.size()) - 1), {Qt::CheckStateRole});
}

void CandidateListModel::setAllChecked(bool checked)
{
    QSet<QString> excluded;
    if (!checked)
        for (const ComparisonCandidate &c : std::as_const(m_candidates))
            excluded.insert(c.id);
    setExcluded(std::move(excluded));
}

int CandidateListModel::checkedCount() const
{
    int n = 0;
    for (const ComparisonCandidate &c : m_candidates)
        n += !m_excluded.contains(c.id);
    return n;
}

int CandidateListModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_candidates.size(); ++i)
        if (m_candidates.at(i).id == id)
            return i;
    return -1;
}

int CandidateListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

QVariant CandidateListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_candidates.size())
        return {};
    const ComparisonCandidate &c = m_candidates.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return c.label;
    case Qt::ToolTipRole:
        return c.baseline ? tr("Historical baseline: %1").arg(c.label) : c.label;
    case Qt::CheckStateRole:
        return m_excluded.contains(c.id) ? Qt::Unchecked : Qt::Checked;
    case Qt::FontRole:
        if (c.baseline) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case IdRole:
        return c.id;
    default:
        return {};
    }
}

bool CandidateListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid() || index.row() >= m_candidates.size())
        return false;
    const QString &id = m_candidates.at(index.row()).id;
    const bool checked = Qt::CheckState(value.toInt()) == Qt::Checked;
    if (checked == !m_excluded.contains(id))
        return true;
    if (checked)
        m_excluded.remove(id);
    else
        m_excluded.insert(id);
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checkToggled(id, checked);
    return true;
}

Qt::ItemFlags CandidateListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable;
}

} // namespace wb::gui
