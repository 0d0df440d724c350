// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How often and how patiently a plan tries to reach a host's agent before it
// gives the host up. Only a transient failure is retried — a hello
// handshake that timed out, a connection refused or reset, an SSH banner or
// handshake that timed out (the transports report these as transient). A
// persistent one — authentication refused, an unknown or changed host key,
// no agent to run, a protocol mismatch — fails at once: trying again would
// only repeat it. The waits double from the first one, each stretched or
// shrunk at random by up to the jitter so that hosts that failed together
// do not all come back at the same instant, and their sum is capped.

namespace wb {

struct ConnectRetry
{
    int retries = 3;            // attempts after the first one
    int firstDelayMs = 1000;    // the wait before the first retry; doubles each time
    double jitter = 0.2;        // each wait varies by up to this fraction either way
    int maxTotalDelayMs = 10000; // the waits of one cycle never add up to more

    // The wait before retry `retry` (1 for the first), given `unit` drawn
    // uniformly from [0, 1); never more than what the cap leaves after
    // `alreadyWaitedMs`.
    int delayMs(int retry, double unit, int alreadyWaitedMs = 0) const;
    // Whether another attempt may follow `attemptsMade` attempts that have
    // waited `waitedMs` between them.
    bool mayRetry(int attemptsMade, int waitedMs) const;
    // The longest a cycle can spend waiting between its attempts.
    int worstTotalDelayMs() const;
};

} // namespace wb
