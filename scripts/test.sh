#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The one test command: installs what is missing, builds with warnings as
# errors, and runs every test (unit, agent, GUI offscreen, integration with
# real sshd and network namespaces, fuzzers and benchmarks in smoke mode).
# Tests that cannot run here (the namespace and password tests need root)
# are reported as skipped and counted at the end; with
# WIREBENCH_REQUIRE_ALL_TESTS=1 (CI) a skipped test fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh --tests
bash scripts/build.sh -DBUILD_TESTING=ON
BUILD_DIR=${BUILD_DIR:-build}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel 2 --timeout 900 "$@" | tee "$log" || status=$?
# CTest lists each skipped test as "  N - name (Skipped)" under "The following tests did not run:".
skipped=$(grep -cE '^[[:space:]]+[0-9]+ - .* \(Skipped\)$' "$log" || true)
echo "Skipped tests: $skipped"
if [ "$skipped" -gt 0 ]; then
  grep -E '^[[:space:]]+[0-9]+ - .* \(Skipped\)$' "$log" | sed 's/^[[:space:]]*/  /'
  if [ "${WIREBENCH_REQUIRE_ALL_TESTS:-0}" = 1 ]; then
    echo "test.sh: WIREBENCH_REQUIRE_ALL_TESTS=1 and $skipped test(s) did not run (run as root)" >&2
    status=1
  fi
fi
exit $status
