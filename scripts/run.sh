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
echo "No display: running the local demo headless (two agents on this machine, the seeds' classic tests)."
OUT_DIR=${WIREBENCH_DEMO_DIR:-$PWD/demo-output}
mkdir -p "$OUT_DIR"
cli="$BUILD_DIR/bin/wirebench-cli --db $OUT_DIR/demo.sqlite"
$cli agents check | tee "$OUT_DIR/agent-check.txt"
$cli run resources/plans/local-demo.json | tee "$OUT_DIR/demo-summary.txt"
$cli runs list > "$OUT_DIR/runs.txt"
$cli db export --what runs --format csv -o "$OUT_DIR/runs.csv"
echo
echo "Demo output: $OUT_DIR (demo.sqlite holds the runs and the historical baselines;"
echo "demo-summary.txt, runs.txt and runs.csv are the same results as text)."
echo "Open it in the desktop program with: $BUILD_DIR/bin/wirebench, File > Open results database."
