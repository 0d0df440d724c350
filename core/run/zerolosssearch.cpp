// SPDX-License-Identifier: GPL-3.0-or-later
#include "zerolosssearch.h"

#include <algorithm>

namespace wb {

ZeroLossSearch::ZeroLossSearch(const Config &config) : m_config(config), m_hi(config.maxPps)
{
    if (m_config.resolutionPps <= 0)
        m_config.resolutionPps = std::max(1.0, m_config.maxPps * 0.005);
    if (m_config.maxPps <= 0)
        m_done = true;
}

bool ZeroLossSearch::passes(const TrialOutcome &t) const
{
    if (t.sentPps < t.offeredPps * m_config.minAchievedRatio)
        return false;
    return t.lossRatio <= m_config.lossTolerance;
}

std::optional<double> ZeroLossSearch::nextRate() const
{
    if (m_done || m_trials.size() >= m_config.maxTrials)
        return std::nullopt;
    if (m_validating)
        return m_lo;
    if (!m_hiTested)
        return m_hi;
    return (m_lo + m_hi) / 2;
}

void ZeroLossSearch::record(TrialOutcome outcome)
{
    outcome.validation = m_validating;
    outcome.passed = passes(outcome);
    m_trials.append(outcome);
    const double rate = outcome.offeredPps;

    if (m_validating) {
        m_validating = false;
        if (outcome.passed) {
            m_validatedPps = rate;
            m_converged = true;
            m_done = true;
        } else {
            // The rate that passed once did not pass again: treat it as a
            // failure and keep searching below it.
            m_hi = rate;
            m_lo = 0;
            for (const TrialOutcome &t : std::as_const(m_trials))
                if (t.passed && !t.validation && t.offeredPps < m_hi)
                    m_lo = std::max(m_lo, t.offeredPps);
        }
    } else if (!m_hiTested) {
        m_hiTested = true;
        if (outcome.passed) {
            m_lo = rate;
            m_validating = true; // the line rate passed: confirm it
            return;
        }
        m_hi = rate;
    } else if (outcome.passed) {
        m_lo = rate;
    } else {
        m_hi = rate;
    }

    if (!m_done && !m_validating && m_hi - m_lo <= m_config.resolutionPps) {
        if (m_lo > 0)
            m_validating = true;
        else
            m_done = true; // nothing passed, not even near zero
    }
    if (m_trials.size() >= m_config.maxTrials)
        m_done = true;
}

} // namespace wb
