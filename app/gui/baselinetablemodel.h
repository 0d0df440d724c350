// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The baselines of the open database as a table: source (author, date),
// test kind (the catalog's label), the key figure, the hosts, size and sink
// that tell repeated figures apart, the hardware as the source describes
// it, the user's tags, and the key. Filled by the Baselines page from a
// background load. BaselineFilterModel keeps the rows that match a text in
// any column and hold a tag.

#include "store/baseline.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace wb::gui {

class BaselineTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Source, Kind, Figure, Hosts, Size, Sink, Hardware, Tags, Key, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setBaselines(QList<Baseline> baselines);
    const Baseline *baselineAt(int row) const;
    // The row of baseline `key`, or -1.
    int rowOf(const QString &key) const;
    // Baseline `key` as the store holds it after its tags or note changed.
    void setAnnotations(const QString &key, const QStringList &tags, const QString &notes);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Baseline> m_baselines;
};

class BaselineFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    // Only baselines holding this tag (in any case); empty: all.
    void setTag(const QString &tag);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_tagKey;
};

} // namespace wb::gui
