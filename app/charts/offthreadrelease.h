// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Frees a value on a pool thread. A comparison's data (thousands of
// observations with their labels and attributes) takes tens of milliseconds
// to destroy; replacing one on the GUI thread would stall it for that long.
// The value must not be shared with anything the GUI thread still writes
// (Qt's implicitly shared containers are fine: their counts are atomic).

#include <QThreadPool>

#include <utility>

namespace wb::charts {

template <typename T>
void releaseOffGuiThread(T &&old)
{
    QThreadPool::globalInstance()->start([gone = std::forward<T>(old)]() mutable { T released = std::move(gone); });
}

} // namespace wb::charts
