// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lab drawn as a graph for the Inventory page: a box per host, a box per
// switch or hub (with its ports in use), and a line per link (host to
// switch, or host to host for a crossover) and per uplink (switch to
// switch) labelled with its cable, length and ports, where TopologyLayout
// puts them. An empty lab shows what to do
// instead. Clicking an item reports which inventory object it is so the
// page can select it in the tables.

#include "inventoryfields.h"
#include "topologylayout.h"

#include <QGraphicsScene>

namespace wb::gui {

class TopologyScene : public QGraphicsScene
{
    Q_OBJECT
public:
    // Item data keys: the table (int) and the object's natural key.
    static constexpr int kTableKey = 0;
    static constexpr int kObjectKey = 1;
    // Item kinds, for tests (QGraphicsItem::data(kKindKey)).
    static constexpr int kKindKey = 2;
    enum ItemKind { HostNode = 1, SwitchNode, LinkEdge, LinkLabel, Hint, UplinkEdge };

    explicit TopologyScene(QObject *parent = nullptr);

    void rebuild(const Inventory &inventory);
    // Highlights the item of an object (from a table selection).
    void selectObject(InventoryTable table, const QString &key);
    int itemCount(ItemKind kind) const;
    QStringList labels() const;
    // What the last rebuild drew, and the hint shown (empty when none).
    const TopologyLayout &layout() const { return m_layout; }
    QString hintText() const { return m_layout.hint; }

signals:
    void objectClicked(wb::gui::InventoryTable table, const QString &key);

private:
    void handleSelection();
    bool m_rebuilding = false;
    TopologyLayout m_layout;
};

} // namespace wb::gui
