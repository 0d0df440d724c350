// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keeps Qt's own start-up noise that a user can do nothing about off the
// terminal: "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to ..."
// (printed under sudo, su, cron or ssh without a login session). Every other
// message goes on to the handler that was installed before, unchanged.

namespace wb {

// Call first in main(), before the application object exists.
void installQtWarningFilter();

} // namespace wb
