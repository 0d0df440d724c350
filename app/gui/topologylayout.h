// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the topology view puts things, worked out before anything is drawn
// so it can be checked: a box per host and per switch/hub sized to its
// text, a line per link and per uplink, and each one's label (cable,
// length, ports) on its line where it overlaps no box and no other label,
// in a font no smaller than kMinPointSize. Switches sit in a column in the
// middle, those joined by uplinks next to each other where they can be;
// an uplink between switches further apart runs beside the column. Hosts
// sit on an ellipse around the switches; the ellipse grows until every
// label finds a free place. TopologyScene draws what this says.

#include "inventory/inventory.h"

#include <QFont>
#include <QLineF>
#include <QList>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

namespace wb::gui {

struct TopologyNode
{
    QString name;
    bool isSwitch = false;
    QStringList lines; // under the bold name: address, or kind and ports in use
    QRectF rect;       // scene coordinates
};

struct TopologyEdge
{
    QString nicKey; // empty for an uplink
    QString cableLabel;
    bool uplink = false; // switch to switch; fromNode is the upper one
    int fromNode = -1;
    int toNode = -1;
    QLineF line;      // centre to centre (offset for parallel links)
    QPolygonF route;  // an uplink beside the switch column: its corners; else empty (draw `line`)
    QString label;    // "cable · 1 m" and "port 5" on a second line
    QRectF labelRect; // scene coordinates, text only (the plate adds a margin)
};

class TopologyLayout
{
public:
    static constexpr double kMinPointSize = 9;
    // Around each label and box nothing else may come closer than this.
    static constexpr double kClearance = 5;

    // `base`: the view's font; text is never drawn smaller than kMinPointSize.
    static TopologyLayout make(const Inventory &inventory, const QFont &base);

    QFont font;      // labels and box lines
    QFont titleFont; // box names (bold)
    QList<TopologyNode> nodes;
    QList<TopologyEdge> edges;
    // For a person: what to do with an empty lab, or a lab with no links.
    QString hint;
    // False only when some label could not be placed clear of the rest.
    bool labelsClear = true;

    QRectF bounds() const;
};

} // namespace wb::gui
