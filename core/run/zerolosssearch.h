// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RFC 2544 throughput search for one frame size: the highest offered rate
// whose loss stays within the tolerance, found by binary search between zero
// and the line rate to a set resolution, then confirmed by a validation trial
// at the found rate. It only decides which rate to try next; running trials
// is the orchestrator's job, so the same search drives real agents and tests.

#include <QList>

#include <optional>

namespace wb {

struct TrialOutcome
{
    double offeredPps = 0;  // the rate asked of the generator
    double sentPps = 0;     // what the generator achieved
    double receivedPps = 0; // what arrived at the sink
    double lossRatio = 0;   // (sent - received) / sent
    bool validation = false;
    bool passed = false;    // filled in by the search
};

class ZeroLossSearch
{
public:
    struct Config
    {
        double maxPps = 0;           // line rate for the frame size: the first trial
        double lossTolerance = 0;    // ratio; 0 = RFC 2544 zero loss
        double resolutionPps = 0;    // stop when the bracket is this narrow
        int maxTrials = 24;          // hard bound, including validation trials
        // The generator must achieve this share of the offered rate for a
        // trial to count as a pass: otherwise the sender, not the device
        // under test, was the limit.
        double minAchievedRatio = 0.98;
    };

    explicit ZeroLossSearch(const Config &config);

    // The next rate to offer, or nothing when the search is over.
    std::optional<double> nextRate() const;
    bool nextIsValidation() const { return m_validating; }
    void record(TrialOutcome outcome);

    bool finished() const { return !nextRate().has_value(); }
    // The highest validated rate with acceptable loss (0 when none passed).
    double zeroLossPps() const { return m_validatedPps; }
    bool converged() const { return m_converged; }
    const QList<TrialOutcome> &trials() const { return m_trials; }

private:
    bool passes(const TrialOutcome &t) const;

    Config m_config;
    double m_lo = 0;           // highest rate that passed
    double m_hi;               // lowest rate that failed (or max, untested)
    bool m_hiTested = false;
    bool m_validating = false;
    bool m_converged = false;
    bool m_done = false;
    double m_validatedPps = 0;
    QList<TrialOutcome> m_trials;
};

} // namespace wb
