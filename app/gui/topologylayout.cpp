// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologylayout.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>
#include <QLocale>
#include <QtMath>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::gui::TopologyLayout)
};

QSizeF textSize(const QFontMetricsF &fm, const QString &text)
{
    double w = 0;
    const QStringList lines = text.split(u'\n');
    for (const QString &l : lines)
        w = std::max(w, fm.horizontalAdvance(l));
    return {w, fm.height() * lines.size()};
}

QSizeF nodeSize(const TopologyNode &n, const QFontMetricsF &title, const QFontMetricsF &body)
{
    double w = title.horizontalAdvance(n.name);
    for (const QString &l : n.lines)
        w = std::max(w, body.horizontalAdvance(l));
    return {std::max(110.0, w + 20), title.height() + body.height() * n.lines.size() + 12};
}

// Where the segment from the centre of `r` towards `to` leaves `r`.
QPointF exitPoint(const QRectF &r, QPointF to)
{
    const QPointF c = r.center();
    const QPointF d = to - c;
    if (qFuzzyIsNull(d.x()) && qFuzzyIsNull(d.y()))
        return c;
    const double tx = qFuzzyIsNull(d.x()) ? 1e9 : (r.width() / 2) / std::abs(d.x());
    const double ty = qFuzzyIsNull(d.y()) ? 1e9 : (r.height() / 2) / std::abs(d.y());
    return c + d * std::min({tx, ty, 1.0});
}

bool clearOf(const QRectF &r, const QList<QRectF> &taken)
{
    const QRectF grown = r.adjusted(-TopologyLayout::kClearance, -TopologyLayout::kClearance,
                                    TopologyLayout::kClearance, TopologyLayout::kClearance);
    return std::none_of(taken.begin(), taken.end(), [&](const QRectF &t) { return grown.intersects(t); });
}

// A label's place: the first of rectAt(t) for the given t, in order, that
// is clear of what is taken; else the first one, and false.
bool placeLabel(std::initializer_list<double> ts, const std::function<QRectF(double)> &rectAt,
                const QList<QRectF> &taken, QRectF *out)
{
    for (const double t : ts) {
        if (const QRectF r = rectAt(t); clearOf(r, taken)) {
            *out = r;
            return true;
        }
    }
    *out = rectAt(*ts.begin());
    return false;
}

// The switches top to bottom: in the lab's order, except that a switch
// joined by an uplink to the one above comes straight after it (depth
// first), so most uplinks are short lines between neighbours.
QList<int> switchColumnOrder(const Inventory &inv)
{
    QHash<QString, int> index;
    for (int i = 0; i < inv.switches.size(); ++i)
        index.insert(inv.switches.at(i).name, i);
    QList<QList<int>> next(inv.switches.size());
    for (const Uplink &u : inv.uplinks) {
        const int a = index.value(u.switchName, -1), b = index.value(u.peerSwitchName, -1);
        if (a >= 0 && b >= 0 && a != b) {
            next[a].append(b);
            next[b].append(a);
        }
    }
    QList<int> order;
    QList<bool> seen(inv.switches.size(), false);
    for (int start = 0; start < inv.switches.size(); ++start) {
        QList<int> stack{start};
        while (!stack.isEmpty()) {
            const int i = stack.takeLast();
            if (seen.at(i))
                continue;
            seen[i] = true;
            order.append(i);
            for (auto it = next.at(i).crbegin(); it != next.at(i).crend(); ++it)
                if (!seen.at(*it))
                    stack.append(*it);
        }
    }
    return order;
}

} // namespace

QRectF TopologyLayout::bounds() const
{
    QRectF b;
    for (const TopologyNode &n : nodes)
        b = b.united(n.rect);
    for (const TopologyEdge &e : edges)
        b = b.united(e.labelRect);
    return b;
}

TopologyLayout TopologyLayout::make(const Inventory &inv, const QFont &base)
{
    TopologyLayout out;
    out.font = base;
    if (out.font.pointSizeF() < kMinPointSize)
        out.font.setPointSizeF(kMinPointSize); // also when the base font was set in pixels
    out.titleFont = out.font;
    out.titleFont.setBold(true);
    const QFontMetricsF body(out.font), title(out.titleFont);

    if (inv.hosts.isEmpty()) {
        out.hint = Tr::tr("No hosts in this lab yet.\n"
                      "Add a host (Ctrl+N) and fill its NICs with Discover NICs (Ctrl+D),\n"
                      "open a lab file (Ctrl+O), or open the example lab.");
    } else if (inv.links.isEmpty()) {
        out.hint = Tr::tr("No links yet: on the Links tab, wire each NIC through a cable to a switch port\n"
                      "(or to another NIC for a crossover cable) to draw the lab.");
    }

    QHash<QString, int> switchIndex, hostIndex;
    for (const int i : switchColumnOrder(inv)) {
        const NetworkSwitch &s = inv.switches.at(i);
        TopologyNode n;
        n.name = s.name;
        n.isSwitch = true;
        // The kind (unless the name says it already) and the ports the links use.
        const QString kind = s.kind == SwitchKind::Unknown ? s.model : switchKindName(s.kind);
        if (!kind.isEmpty() && kind.compare(s.name, Qt::CaseInsensitive) != 0)
            n.lines.append(kind);
        const auto used = inv.portsInUse(s.name).size();
        if (s.ports > 0)
            n.lines.append(Tr::tr("%1 of %2 ports in use").arg(used).arg(s.ports));
        else if (used > 0)
            n.lines.append(used == 1 ? Tr::tr("1 port in use") : Tr::tr("%1 ports in use").arg(used));
        switchIndex.insert(s.name, int(out.nodes.size()));
        out.nodes.append(n);
    }
    for (const Host &h : inv.hosts) {
        TopologyNode n;
        n.name = h.name;
        if (!h.address.isEmpty())
            n.lines.append(h.address);
        hostIndex.insert(h.name, int(out.nodes.size()));
        out.nodes.append(n);
    }
    QList<QSizeF> sizes;
    for (const TopologyNode &n : std::as_const(out.nodes))
        sizes.append(nodeSize(n, title, body));

    // The links, their ends and their labels; placed below.
    QHash<QString, int> pairCount;
    QList<QSizeF> labelSizes;
    QList<int> parallel;
    // An edge's label: the cable, then its length and port(s) on a second
    // line (two short lines fit between the boxes better than one long one).
    auto addEdge = [&](TopologyEdge e, const QString &ports) {
        QStringList facts;
        if (const Cable *cable = inv.cable(e.cableLabel); cable && cable->lengthM)
            facts.append(QLocale().toString(*cable->lengthM, 'g', 4) + u" m"_s);
        if (!ports.isEmpty())
            facts.append(ports);
        e.label = e.cableLabel;
        if (!facts.isEmpty())
            e.label += u'\n' + facts.join(u" · "_s);
        const QString pairKey = QString::number(e.fromNode) + u'|' + QString::number(e.toNode);
        parallel.append(pairCount[pairKey]++);
        labelSizes.append(textSize(body, e.label));
        out.edges.append(e);
    };
    for (const Link &l : inv.links) {
        const Nic *nic = inv.nic(l.nicKey);
        if (!nic || !hostIndex.contains(nic->hostName))
            continue;
        TopologyEdge e;
        e.nicKey = l.nicKey;
        e.cableLabel = l.cableLabel;
        e.fromNode = hostIndex.value(nic->hostName);
        if (!l.switchName.isEmpty())
            e.toNode = switchIndex.value(l.switchName, -1);
        else if (const Nic *peer = inv.nic(l.peerNicKey))
            e.toNode = hostIndex.value(peer->hostName, -1);
        if (e.toNode < 0)
            continue;
        addEdge(e, l.switchPort > 0 ? Tr::tr("port %1").arg(l.switchPort) : QString());
    }
    // The uplinks: the cable, then its length and the ports from the upper
    // switch to the lower one.
    double uplinkLabelHeight = 0;
    for (const Uplink &u : inv.uplinks) {
        const int a = switchIndex.value(u.switchName, -1), b = switchIndex.value(u.peerSwitchName, -1);
        if (a < 0 || b < 0 || a == b)
            continue;
        TopologyEdge e;
        e.uplink = true;
        e.cableLabel = u.cableLabel;
        e.fromNode = std::min(a, b);
        e.toNode = std::max(a, b);
        const int upper = u.portOn(out.nodes.at(e.fromNode).name), lower = u.portOn(out.nodes.at(e.toNode).name);
        const auto port = [](int p) { return p > 0 ? QString::number(p) : u"?"_s; };
        addEdge(e, upper > 0 || lower > 0 ? Tr::tr("ports %1 ↔ %2").arg(port(upper), port(lower)) : QString());
        uplinkLabelHeight = std::max(uplinkLabelHeight, labelSizes.last().height());
    }

    // Grow the ellipse until every label has a free place.
    const int ns = int(inv.switches.size());
    const int nh = int(inv.hosts.size());
    // Between two switches an uplink's label must fit, clear of both boxes.
    const double gap = std::max(40.0, uplinkLabelHeight + 2 * kClearance + 12);
    double switchColumn = 0;
    double widest = 0;
    for (int i = 0; i < ns; ++i) {
        switchColumn += sizes.at(i).height() + gap;
        widest = std::max(widest, sizes.at(i).width());
    }
    // The smallest ellipse that works, so that the lab fits its view at a
    // readable scale: start just outside the switches and grow by 8 %.
    double radius = std::max({120.0, nh * 130 / (2 * M_PI), switchColumn / 2 + 60, widest / 2 + 40});
    constexpr int kAttempts = 40;
    for (int attempt = 0; attempt < kAttempts; ++attempt, radius *= 1.08) {
        double y = -(switchColumn - gap) / 2;
        for (int i = 0; i < ns; ++i) {
            const QSizeF s = sizes.at(i);
            out.nodes[i].rect = QRectF(QPointF(-s.width() / 2, y), s);
            y += s.height() + gap;
        }
        for (int i = 0; i < nh; ++i) {
            const double a = 2 * M_PI * i / std::max(1, nh) - M_PI / 2 + (nh % 2 ? 0 : M_PI / nh);
            // Taller than wide: the view sits beside the tables.
            const QPointF centre(radius * std::cos(a), radius * 1.3 * std::sin(a));
            const QSizeF s = sizes.at(ns + i);
            out.nodes[ns + i].rect = QRectF(centre - QPointF(s.width() / 2, s.height() / 2), s);
        }
        QList<QRectF> taken;
        bool allPlaced = true;
        for (const TopologyNode &n : std::as_const(out.nodes)) {
            allPlaced = allPlaced && clearOf(n.rect, taken); // boxes clear of each other too
            taken.append(n.rect);
        }
        int besideColumn = 0; // uplinks routed beside the column so far
        for (int k = 0; k < out.edges.size(); ++k) {
            TopologyEdge &e = out.edges[k];
            const QRectF from = out.nodes.at(e.fromNode).rect, to = out.nodes.at(e.toNode).rect;
            if (e.uplink && e.toNode - e.fromNode > 1) {
                // Past the boxes in between: out to the right, down, and back in.
                double right = 0;
                for (int i = e.fromNode; i <= e.toNode; ++i)
                    right = std::max(right, out.nodes.at(i).rect.right());
                const double x = right + 24 + 16 * besideColumn++;
                e.route = QPolygonF({QPointF(from.right(), from.center().y()), QPointF(x, from.center().y()),
                                     QPointF(x, to.center().y()), QPointF(to.right(), to.center().y())});
                e.line = QLineF(e.route.first(), e.route.last());
                // The label to the right of the part running down.
                const QSizeF ls = labelSizes.at(k);
                const QLineF side(e.route.at(1), e.route.at(2));
                allPlaced &= placeLabel(
                    {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8},
                    [&](double t) { return QRectF(QPointF(x + kClearance + 2, side.pointAt(t).y() - ls.height() / 2), ls); },
                    taken, &e.labelRect);
                taken.append(e.labelRect);
                continue;
            }
            // Parallel links between the same two boxes side by side (uplinks
            // run up and down the column, so theirs go sideways).
            const QPointF offset = e.uplink ? QPointF(parallel.at(k) * 14.0, 0) : QPointF(0, parallel.at(k) * 12.0);
            e.line = QLineF(from.center() + offset, to.center() + offset);
            // The visible part of the line, between the two boxes.
            const QLineF visible(exitPoint(from, to.center()) + offset, exitPoint(to, from.center()) + offset);
            const QSizeF ls = labelSizes.at(k);
            allPlaced &= placeLabel(
                {0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82, 0.1, 0.9},
                [&](double t) { return QRectF(visible.pointAt(t) - QPointF(ls.width() / 2, ls.height() / 2), ls); },
                taken, &e.labelRect);
            taken.append(e.labelRect);
        }
        out.labelsClear = allPlaced;
        if (allPlaced)
            break;
    }
    return out;
}

} // namespace wb::gui
