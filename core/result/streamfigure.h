// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The per-stream figures of a test with several flows or another direction
// (the agent's extra.streams, docs/agent-protocol.md "Streams and
// directions"): one row per stream, direction and end, for the CLI's
// `runs show` and the desktop program's run detail alike.

#include "resultrecord.h"

#include <QList>
#include <QString>

namespace wb {

struct StreamFigure
{
    int stream = 0;
    QString direction; // "forward" (client to server) or "reverse"
    QString side;      // the end that measured it: "client" or "server"
    QString role;      // "sender" or "receiver"
    double bytes = 0;
    double throughputBps = 0;
};

// The record's streams in its order, or none for a plain one-flow test.
QList<StreamFigure> streamFigures(const ResultRecord &record);
// The direction the record's plain metric names (and its key figure) hold.
QString keyDirection(const ResultRecord &record);

} // namespace wb
