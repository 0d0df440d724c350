// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A HostKeyPolicy with one fixed answer, for front ends without a dialog.

#include "hostkeypolicy.h"

namespace wb {

// The same answer for every question: the CLI (--accept-new-host-keys gives
// TrustAlways, otherwise Refuse) and tests.
class FixedHostKeyPolicy : public HostKeyPolicy
{
public:
    explicit FixedHostKeyPolicy(HostKeyDecision decision) : m_decision(decision) { }
    void decide(const HostKeyQuestion &, std::function<void(HostKeyDecision)> reply) override
    {
        ++m_asked;
        reply(m_decision);
    }
    int askedCount() const { return m_asked; }

private:
    HostKeyDecision m_decision;
    int m_asked = 0;
};

} // namespace wb
