// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPainterPath>
#include <QPalette>
#include <QPen>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

bool isDark(const QPalette &p)
{
    return p.color(QPalette::Base).lightness() < 128;
}

QGraphicsRectItem *makeNode(QGraphicsScene *scene, const TopologyNode &node, const TopologyLayout &layout,
                            const QColor &fill)
{
    const QColor textColour = scene->palette().color(QPalette::Text);
    const QRectF local(QPointF(-node.rect.width() / 2, -node.rect.height() / 2), node.rect.size());
    auto *box = scene->addRect(local, QPen(fill.darker(160), 1.2), QBrush(fill));
    box->setPos(node.rect.center());
    box->setZValue(2);
    box->setFlag(QGraphicsItem::ItemIsSelectable);
    box->setData(TopologyScene::kTableKey, int(node.isSwitch ? InventoryTable::Switches : InventoryTable::Hosts));
    box->setData(TopologyScene::kObjectKey, node.name);
    box->setData(TopologyScene::kKindKey, int(node.isSwitch ? TopologyScene::SwitchNode : TopologyScene::HostNode));
    box->setToolTip((QStringList{node.name} + node.lines).join(u'\n'));
    // The name in bold, then each line, centred; the box was sized to them.
    double y = local.top() + 6;
    auto addLine = [&](const QString &text, const QFont &font) {
        auto *t = new QGraphicsSimpleTextItem(text, box);
        t->setBrush(textColour);
        t->setFont(font);
        const QRectF r = t->boundingRect();
        t->setPos(-r.width() / 2, y);
        y += r.height();
    };
    addLine(node.name, layout.titleFont);
    for (const QString &l : node.lines)
        addLine(l, layout.font);
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
    m_layout = TopologyLayout::make(inv, font());
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
    plateColour.setAlpha(235);
    for (const TopologyNode &n : std::as_const(m_layout.nodes))
        makeNode(this, n, m_layout, n.isSwitch ? switchFill : hostFill);
    for (const TopologyEdge &e : std::as_const(m_layout.edges)) {
        // An uplink (switch to switch) a little heavier than a NIC's link.
        const QPen pen(edgeColour, e.uplink ? 3.5 : 2);
        QGraphicsItem *edge = nullptr;
        if (e.route.isEmpty()) {
            edge = addLine(e.line, pen);
        } else {
            QPainterPath path;
            path.addPolygon(e.route);
            edge = addPath(path, pen);
        }
        edge->setZValue(0);
        edge->setFlag(QGraphicsItem::ItemIsSelectable);
        const QString facts = QString(e.label).replace(u'\n', u' ');
        if (e.uplink) {
            edge->setData(kTableKey, int(InventoryTable::Uplinks));
            edge->setData(kObjectKey, e.cableLabel);
            edge->setData(kKindKey, int(UplinkEdge));
            edge->setToolTip(tr("Uplink %1 — %2 — cable %3")
                                 .arg(m_layout.nodes.at(e.fromNode).name, m_layout.nodes.at(e.toNode).name, facts));
        } else {
            edge->setData(kTableKey, int(InventoryTable::Links));
            edge->setData(kObjectKey, e.nicKey);
            edge->setData(kKindKey, int(LinkEdge));
            edge->setToolTip(tr("%1 — cable %2").arg(e.nicKey, facts));
        }
        auto *text = addSimpleText(e.label, m_layout.font);
        text->setBrush(fg);
        text->setData(kTableKey, int(InventoryTable::Cables));
        text->setData(kObjectKey, e.cableLabel);
        text->setData(kKindKey, int(LinkLabel));
        text->setFlag(QGraphicsItem::ItemIsSelectable);
        text->setZValue(3);
        // Centred in the place the layout found, on a plate so the line does not cross it.
        const QRectF drawn = text->boundingRect();
        text->setPos(e.labelRect.center() - QPointF(drawn.width() / 2, drawn.height() / 2));
        auto *plate = addRect(text->sceneBoundingRect().adjusted(-2, -1, 2, 1), Qt::NoPen, QBrush(plateColour));
        plate->setZValue(1);
    }
    if (!m_layout.hint.isEmpty()) {
        auto *hint = addSimpleText(m_layout.hint, m_layout.font);
        hint->setBrush(fg);
        hint->setData(kKindKey, int(Hint));
        const QRectF r = hint->boundingRect();
        const QRectF lab = m_layout.bounds();
        // Under the drawing, or alone in the middle of an empty view.
        hint->setPos(lab.isNull() ? QPointF(-r.width() / 2, -r.height() / 2)
                                  : QPointF(lab.center().x() - r.width() / 2, lab.bottom() + 24));
    }
    setSceneRect(itemsBoundingRect().adjusted(-20, -20, 20, 20));
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
