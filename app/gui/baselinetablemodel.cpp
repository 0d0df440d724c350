// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinetablemodel.h"

#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "runtext.h"
#include "store/tagname.h"

#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// "Zeus → Torus" as the source names the two ends.
QString hostsText(const ResultRecord &r)
{
    const QString client = r.params.value(u"client_host"_s).toString();
    const QString server = r.params.value(u"server_host"_s).toString();
    if (client.isEmpty() && server.isEmpty())
        return {};
    return u"%1 → %2"_s.arg(client.isEmpty() ? u"?"_s : client, server.isEmpty() ? u"?"_s : server);
}

// The sizes that define the test: "message 1 B", "file 12 MiB", "request 1 B · response 1 B".
QString sizeText(const ResultRecord &r)
{
    static const QStringList sizes{u"message_size_bytes"_s, u"request_size_bytes"_s, u"response_size_bytes"_s,
                                   u"file_size_bytes"_s, u"frame_size_bytes"_s};
    QStringList parts;
    for (const RunParameter &p : runParameters(r.params, r.kind))
        if (sizes.contains(p.key))
            parts << u"%1 %2"_s.arg(p.label, p.text);
    return parts.join(u" · "_s);
}

QString sinkText(const ResultRecord &r)
{
    for (const RunParameter &p : runParameters(r.params, r.kind))
        if (p.key == u"sink"_s)
            return p.text;
    return {};
}

} // namespace

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

int BaselineTableModel::rowOf(const QString &key) const
{
    for (qsizetype i = 0; i < m_baselines.size(); ++i)
        if (m_baselines[i].key == key)
            return int(i);
    return -1;
}

void BaselineTableModel::setAnnotations(const QString &key, const QStringList &tags, const QString &notes)
{
    const int row = rowOf(key);
    if (row < 0)
        return;
    m_baselines[row].tags = tags;
    m_baselines[row].notes = notes;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
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
        return u"%1\n%2"_s.arg(b.citationText(), b.hardwareSummary());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Source: {
        const QString author = b.citation.author.section(u'<', 0, 0).trimmed();
        return b.citation.date.isEmpty() ? author : u"%1, %2"_s.arg(author, b.citation.date.left(4));
    }
    case Kind:
        return testKindLabel(b.record.kind);
    case Figure: {
        const KeyFigure k = keyFigure(b.record);
        if (k.valid)
            return k.text;
        // Figures that are not a kind's key metric: the first one given.
        if (!b.record.metrics.isEmpty()) {
            const MetricText m = metricText(b.record.metrics.first());
            return u"%1 %2 %3"_s.arg(m.label, m.value, m.unit).trimmed();
        }
        return {};
    }
    case Hosts:
        return hostsText(b.record);
    case Size:
        return sizeText(b.record);
    case Sink:
        return sinkText(b.record);
    case Hardware:
        return b.hardwareSummary();
    case Tags:
        return b.tags.join(u", "_s);
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
    case Hosts:
        return tr("Hosts");
    case Size:
        return tr("Size");
    case Sink:
        return tr("Sink");
    case Hardware:
        return tr("Hardware");
    case Tags:
        return tr("Tags");
    case Key:
        return tr("Key");
    default:
        return {};
    }
}

void BaselineFilterModel::setTag(const QString &tag)
{
    const QString key = TagName::key(tag.trimmed());
    if (key == m_tagKey)
        return;
    m_tagKey = key;
    invalidateRowsFilter();
}

bool BaselineFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_tagKey.isEmpty()) {
        const auto *model = qobject_cast<const BaselineTableModel *>(sourceModel());
        const Baseline *b = model ? model->baselineAt(sourceRow) : nullptr;
        if (!b || std::none_of(b->tags.begin(), b->tags.end(),
                               [this](const QString &t) { return TagName::key(t) == m_tagKey; }))
            return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace wb::gui
