#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and starts Wirebench: the desktop program
# when there is a display, otherwise a headless run of the local demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
bash scripts/build.sh -DBUILD_TESTING=OFF
BUILD_DIR=${BUILD_DIR:-build}
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$BUILD_DIR/bin/wirebench" "$@"
fi
echo "No display: running the local demo headless."
OUT_DIR=${WIREBENCH_DEMO_DIR:-$PWD/demo-output}
mkdir -p "$OUT_DIR"
"$BUILD_DIR/bin/wirebench-cli" agents check | tee "$OUT_DIR/agent-check.txt"
echo "Demo output written to $OUT_DIR"
