#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test program as an unprivileged user: as root through `runuser -u
# nobody` (root reads any file, so a permission case needs another user),
# as any other user directly. Prints a QTest-style SKIP line (which the
# CTest entry's SKIP_REGULAR_EXPRESSION matches) when root has no such user.
#   as_unprivileged.sh PROGRAM [ARGS...]
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
  exec "$@"
fi
if ! id nobody >/dev/null 2>&1 || ! command -v runuser >/dev/null; then
  echo "SKIP   : as_unprivileged: no user 'nobody' (or no runuser) to run $1 as"
  exit 0
fi
cd /tmp
exec runuser -u nobody -- env HOME=/tmp XDG_DATA_HOME= XDG_CONFIG_HOME= "$@"
