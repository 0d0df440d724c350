// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which hosts a plan runs on, and how each is reached: a host's SSH settings
// live once, in the inventory; a plan names inventory hosts and NICs. A plan
// may still carry "hosts" (a lab with no inventory); where both name a host
// the plan's entry wins for that plan, field by field, and the resolution
// says so, so both front ends can tell the user. PlanExecution resolves with
// the inventory of its store before it starts; the Plans page can call the
// same functions to show origins and offer the import of plan-only hosts.

#include "inventory/inventory.h"
#include "plan.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct ResolvedHost
{
    enum class Origin {
        Inventory,              // only the inventory names it
        PlanOverridesInventory, // both do; the plan's fields won
        PlanOnly,               // only the plan names it
    };
    PlanHost host;              // as the run reaches it
    Origin origin = Origin::PlanOnly;
    // PlanOverridesInventory: the plan's fields whose value differs from the
    // inventory's, as plan-format keys ("address", "user", ...).
    QStringList overriddenFields;

    // "h1: the plan's entry overrides the inventory's address, user"; empty
    // unless the plan overrides something.
    QString overrideNote() const;
};

class PlanHosts
{
public:
    // The plan with `hosts` replaced by every host its tests name, each from
    // the inventory, the plan or both. Fails, naming the JSON path, when a
    // test names a host that is in neither, or a NIC the inventory's host
    // does not have (when the inventory lists that host's NICs).
    static std::optional<PlanHosts> resolve(const Plan &plan, const Inventory &inventory, QString *error);

    const Plan &plan() const { return m_plan; }
    const QList<ResolvedHost> &hosts() const { return m_hosts; }
    const ResolvedHost *find(const QString &name) const;
    // What the user should hear before the plan runs: one line per host
    // whose plan entry overrides the inventory's, then one per case whose
    // datagrams the inventory's MTUs would fragment.
    QStringList notes() const;

    // An inventory host as a plan reaches it: SSH to sshAddress (else the
    // address, else the name via ~/.ssh/config), test traffic to address.
    static PlanHost fromInventory(const Host &host);
    // The plan's hosts the inventory does not have, as inventory hosts: what
    // importing such a plan offers to add.
    static QList<Host> hostsMissingFromInventory(const Plan &plan, const Inventory &inventory);

private:
    Plan m_plan;
    QList<ResolvedHost> m_hosts;
    QStringList m_warnings; // datagrams the inventory's MTUs fragment, one line per case
};

} // namespace wb
