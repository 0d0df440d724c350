// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPalette>
#include <QPen>
#include <QtMath>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

constexpr double kNodeW = 120;
constexpr double kNodeH = 44;

bool isDark(const QPalette &p)
{
    return p.color(QPalette::Base).lightness() < 128;
}

QGraphicsRectItem *makeNode(QGraphicsScene *scene, const QString &title, const QString &subtitle, QPointF centre,
                            const QColor &fill, TopologyScene::ItemKind kind, InventoryTable table)
{
    const QColor textColour = scene->palette().color(QPalette::Text);
    auto *box = scene->addRect(QRectF(-kNodeW / 2, -kNodeH / 2, kNodeW, kNodeH), QPen(fill.darker(160), 1.2),
                               QBrush(fill));
    box->setPos(centre);
    box->setZValue(2);
    box->setFlag(QGraphicsItem::ItemIsSelectable);
    box->setData(TopologyScene::kTableKey, int(table));
    box->setData(TopologyScene::kObjectKey, title);
    box->setData(TopologyScene::kKindKey, int(kind));
    box->setToolTip(subtitle.isEmpty() ? title : title + u"\n"_s + subtitle);
    auto *t = new QGraphicsSimpleTextItem(title, box);
    t->setBrush(textColour);
    QFont f = t->font();
    f.setBold(true);
    t->setFont(f);
    QRectF r = t->boundingRect();
    const double shift = subtitle.isEmpty() ? 0 : r.height() / 2;
    t->setPos(-r.width() / 2, -r.height() / 2 - shift);
    if (!subtitle.isEmpty()) {
        auto *s = new QGraphicsSimpleTextItem(subtitle, box);
        s->setBrush(textColour);
        QFont sf = s->font();
        sf.setPointSizeF(sf.pointSizeF() * 0.85);
        s->setFont(sf);
        const QString elided = subtitle.size() > 20 ? subtitle.left(19) + u'…' : subtitle;
        s->setText(elided);
        r = s->boundingRect();
        s->setPos(-r.width() / 2, shift - r.height() / 2 + 2);
    }
    return box;
}

} // namespace

TopologyScene::TopologyScene(QObject *parent) : QGraphicsScene(parent)
{
    connect(this, &QGraphicsScene::selectionChanged, this, &TopologyScene::handleSelection);
}

void TopologyScene::rebuild(const Inventory &inv)
{
    m_rebuilding = true;
    clear();
    // Pale boxes on a light view, deep ones on a dark view; lines and labels
    // in the palette's text colour.
    const bool dark = isDark(palette());
    const QColor fg = palette().color(QPalette::Text);
    const QColor base = palette().color(QPalette::Base);
    const QColor switchFill = dark ? QColor(0x6b, 0x4f, 0x1d) : QColor(0xfd, 0xeb, 0xc8);
    const QColor hostFill = dark ? QColor(0x25, 0x4a, 0x6b) : QColor(0xd6, 0xe9, 0xf8);
    const QColor edgeColour = QColor::fromRgbF(float(fg.redF() * 0.65 + base.redF() * 0.35),
                                               float(fg.greenF() * 0.65 + base.greenF() * 0.35),
                                               float(fg.blueF() * 0.65 + base.blueF() * 0.35));
    QColor plateColour = base;
    plateColour.setAlpha(225);
    QHash<QString, QGraphicsRectItem *> hostNodes, switchNodes;
    // Switches in a column in the middle, hosts on a circle around them.
    const int ns = int(inv.switches.size());
    for (int i = 0; i < ns; ++i) {
        const NetworkSwitch &s = inv.switches.at(i);
        const QString sub = s.kind == SwitchKind::Unknown ? s.model : switchKindName(s.kind);
        switchNodes.insert(s.name, makeNode(this, s.name, sub, QPointF(0, (i - (ns - 1) / 2.0) * 90),
                                            switchFill, SwitchNode, InventoryTable::Switches));
    }
    const int nh = int(inv.hosts.size());
    const double radius = std::max(150.0, nh * 170 / (2 * M_PI)) + ns * 20;
    for (int i = 0; i < nh; ++i) {
        const Host &h = inv.hosts.at(i);
        const double a = 2 * M_PI * i / std::max(1, nh) - M_PI / 2 + (nh % 2 ? 0 : M_PI / nh);
        const QPointF centre(radius * 1.3 * std::cos(a), radius * 0.8 * std::sin(a));
        hostNodes.insert(h.name, makeNode(this, h.name, h.address, centre, hostFill, HostNode,
                                          InventoryTable::Hosts));
    }
    // Links: NIC's host to the switch, or to the peer NIC's host.
    QHash<QString, int> pairCount;
    for (const Link &l : inv.links) {
        const Nic *nic = inv.nic(l.nicKey);
        if (!nic)
            continue;
        QGraphicsRectItem *from = hostNodes.value(nic->hostName);
        QGraphicsRectItem *to = nullptr;
        if (!l.switchName.isEmpty())
            to = switchNodes.value(l.switchName);
        else if (const Nic *peer = inv.nic(l.peerNicKey))
            to = hostNodes.value(peer->hostName);
        if (!from || !to)
            continue;
        const QString pairKey = from->data(kObjectKey).toString() + u'|' + to->data(kObjectKey).toString();
        const int nth = pairCount[pairKey]++;
        // Parallel links between the same two nodes are drawn side by side.
        const QPointF offset(0, nth * 10.0);
        const QLineF line(from->pos() + offset, to->pos() + offset);
        auto *edge = addLine(line, QPen(edgeColour, 2));
        edge->setZValue(0);
        edge->setFlag(QGraphicsItem::ItemIsSelectable);
        edge->setData(kTableKey, int(InventoryTable::Links));
        edge->setData(kObjectKey, l.nicKey);
        edge->setData(kKindKey, int(LinkEdge));
        const Cable *cable = inv.cable(l.cableLabel);
        QString label = l.cableLabel;
        if (cable && cable->lengthM)
            label += u" · "_s + QLocale().toString(*cable->lengthM, 'g', 4) + u" m"_s;
        if (l.switchPort > 0)
            label += tr(" (port %1)").arg(l.switchPort);
        edge->setToolTip(tr("%1 — cable %2").arg(l.nicKey, label));
        auto *text = addSimpleText(label);
        text->setBrush(fg);
        text->setData(kTableKey, int(InventoryTable::Cables));
        text->setData(kObjectKey, l.cableLabel);
        text->setData(kKindKey, int(LinkLabel));
        text->setFlag(QGraphicsItem::ItemIsSelectable);
        text->setZValue(3);
        const QRectF textBox = text->boundingRect();
        // Label a third of the way from the host, on a white plate so lines do not cross it.
        const QPointF at = line.pointAt(0.35);
        text->setPos(at - QPointF(textBox.width() / 2, textBox.height() / 2));
        auto *plate = addRect(text->sceneBoundingRect().adjusted(-3, -1, 3, 1), Qt::NoPen, QBrush(plateColour));
        plate->setZValue(1);
    }
    setSceneRect(itemsBoundingRect().adjusted(-30, -30, 30, 30));
    m_rebuilding = false;
}

void TopologyScene::selectObject(InventoryTable table, const QString &key)
{
    m_rebuilding = true;
    clearSelection();
    const auto all = items();
    for (QGraphicsItem *item : all) {
        if (item->data(kTableKey).toInt() == int(table) && item->data(kObjectKey).toString() == key &&
            item->data(kKindKey).toInt() != LinkLabel)
            item->setSelected(true);
    }
    m_rebuilding = false;
}

int TopologyScene::itemCount(ItemKind kind) const
{
    int n = 0;
    const auto all = items();
    for (QGraphicsItem *item : all)
        n += item->data(kKindKey).toInt() == kind ? 1 : 0;
    return n;
}

QStringList TopologyScene::labels() const
{
    QStringList out;
    const auto all = items();
    for (QGraphicsItem *item : all)
        if (item->data(kKindKey).toInt() == LinkLabel)
            out.append(static_cast<QGraphicsSimpleTextItem *>(item)->text());
    out.sort();
    return out;
}

void TopologyScene::handleSelection()
{
    if (m_rebuilding)
        return;
    const auto selected = selectedItems();
    if (selected.isEmpty())
        return;
    const QGraphicsItem *item = selected.first();
    emit objectClicked(static_cast<InventoryTable>(item->data(kTableKey).toInt()), item->data(kObjectKey).toString());
}

} // namespace wb::gui
