// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The baselines of the open database as a table: source (author, date),
// test kind (the catalog's label), the key figure, the hosts, size and sink
// that tell repeated figures apart, the hardware as the source describes
// it, and the key. Filled by the Baselines page from a background load.

#include "store/baseline.h"

#include <QAbstractTableModel>

namespace wb::gui {

class BaselineTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Source, Kind, Figure, Hosts, Size, Sink, Hardware, Key, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setBaselines(QList<Baseline> baselines);
    const Baseline *baselineAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Baseline> m_baselines;
};

} // namespace wb::gui
