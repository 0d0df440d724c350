#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The one test command: installs what is missing, builds with warnings as
# errors, and runs every test (unit, agent, GUI offscreen, integration with
# real sshd and network namespaces, fuzzers and benchmarks in smoke mode).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
bash scripts/build.sh -DBUILD_TESTING=ON
BUILD_DIR=${BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel 2 --timeout 900
