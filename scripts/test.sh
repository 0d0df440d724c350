#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The one test command: installs what is missing, builds with warnings as
# errors, and runs every test (unit, agent, GUI offscreen, integration with
# real sshd and network namespaces, fuzzers and benchmarks in smoke mode).
# Tests that cannot run here (the namespace and password tests need root)
# are reported as skipped and counted at the end, and so is each test
# function that skipped inside a test that ran; with
# WIREBENCH_REQUIRE_ALL_TESTS=1 (CI) a skipped test or an unexpected skipped
# function fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh --tests
bash scripts/build.sh -DBUILD_TESTING=ON
BUILD_DIR=${BUILD_DIR:-build}
log=$(mktemp)
junit=$(mktemp)
trap 'rm -f "$log" "$junit"' EXIT
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel 2 --timeout 900 --output-junit "$junit" "$@" \
  | tee "$log" || status=$?
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
# A test function that calls QSKIP inside a test program that ran leaves
# that program "Passed" in CTest's count; list every such skip with its
# reason (from the JUnit file, which holds every test's output).
# tests/expected_skips.txt holds the ones that are by design (the case runs
# elsewhere, or belongs to the other database); the others are cases this
# machine did not run, and under WIREBENCH_REQUIRE_ALL_TESTS=1 they fail
# the run like a skipped test does.
skips=$(python3 - "$junit" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (ET.ParseError, OSError):
    sys.exit(0)
seen = set()
for case in root.iter("testcase"):
    # skips_reported runs root-only tests as another user on purpose.
    if case.get("name") == "skips_reported":
        continue
    out = case.find("system-out")
    for line in ((out.text if out is not None else "") or "").splitlines():
        if line.startswith("SKIP   : ") and "::initTestCase()" not in line:
            seen.add(line[len("SKIP   : "):].strip())
print("\n".join(sorted(seen)))
PY
)
patterns=$(grep -vE '^[[:space:]]*(#|$)' tests/expected_skips.txt || true)
# (no patterns: "a^", which matches nothing; an empty one would match all)
unexpected=$(grep -vE -f <(printf '%s\n' "${patterns:-a^}") <<< "$skips" | grep . | sed 's/^/  /' || true)
count=$(grep -c . <<< "$unexpected" || true)
by_design=$(( $(grep -c . <<< "$skips" || true) - count ))
echo "Skipped test functions in tests that ran: $count (and $by_design by design, see tests/expected_skips.txt)"
[ -z "$unexpected" ] || printf '%s\n' "$unexpected"
if [ "$count" -gt 0 ] && [ "${WIREBENCH_REQUIRE_ALL_TESTS:-0}" = 1 ]; then
  echo "test.sh: WIREBENCH_REQUIRE_ALL_TESTS=1 and $count test function(s) did not run" >&2
  status=1
fi
exit $status
