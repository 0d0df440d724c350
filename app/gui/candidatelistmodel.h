// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Compare page's check list: every run and baseline the selection found,
// checked unless the user left it out. A model rather than widget items so
// that thousands of candidates replace the previous list in one reset, with
// nothing allocated per line on the GUI thread. It owns the left-out set,
// which outlives a list (a rebuild keeps what was unchecked).

#include "analysis/comparisonselection.h"

#include <QAbstractListModel>
#include <QSet>

namespace wb::gui {

class CandidateListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role { IdRole = Qt::UserRole };

    using QAbstractListModel::QAbstractListModel;

    // The previous list is handed back so the caller can release it off
    // the GUI thread.
    QList<ComparisonCandidate> setCandidates(QList<ComparisonCandidate> candidates);
    const QList<ComparisonCandidate> &candidates() const { return m_candidates; }

    const QSet<QString> &excluded() const { return m_excluded; }
    void setExcluded(QSet<QString> excluded);
    // Checks or unchecks every candidate (the left-out set then holds all
    // of them, or none).
    void setAllChecked(bool checked);
    int checkedCount() const;
    // The row of a candidate id, -1 when it is not listed.
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

signals:
    // The user (or a test) checked or unchecked one candidate.
    void checkToggled(const QString &id, bool checked);

private:
    QList<ComparisonCandidate> m_candidates;
    QSet<QString> m_excluded;
};

} // namespace wb::gui
