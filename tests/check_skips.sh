#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Root-only tests must show up as skipped, not passed, when they cannot run:
# every Qt test carries the SKIP_REGULAR_EXPRESSION for a skipped
# initTestCase(), and a root-only test run as another user prints what it
# matches. Usage: check_skips.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
# In a file, not an argument: the listing outgrows one argument's 128 KiB limit.
json=$(mktemp)
trap 'rm -f "$json"' EXIT
ctest --test-dir "$build" --show-only=json-v1 >"$json"
# The tests that skip everything without root.
root_only=(tst_sshlab tst_sshblackhole tst_agentnetns tst_discovernetns tst_proxyjump tst_sshpassword tst_clipassword)
regex=$(python3 - "$json" "${root_only[@]}" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    tests = {t["name"]: t for t in json.load(f)["tests"]}
found = set()
for name in sys.argv[2:]:
    if name not in tests:
        continue  # not configured in this build (e.g. without the GUI)
    props = {p["name"]: p["value"] for p in tests[name].get("properties", [])}
    skip = props.get("SKIP_REGULAR_EXPRESSION")
    if not skip:
        sys.exit(f"{name} has no SKIP_REGULAR_EXPRESSION: a skipped run would count as passed")
    found.update(skip)
if len(found) != 1:
    sys.exit(f"expected one skip expression, got {sorted(found)}")
print(found.pop())
PY
)
echo "skip expression: $regex"
# Run one root-only test as an unprivileged user: its output must match.
exe=$build/tests/tst_proxyjump
if [ "$(id -u)" -ne 0 ] || ! id nobody >/dev/null 2>&1 || [ ! -x "$exe" ]; then
  echo "check_skips: not root or no tst_proxyjump: checked the properties only"
  exit 0
fi
out=$(cd /tmp && runuser -u nobody -- env QT_QPA_PLATFORM=offscreen "$exe" 2>&1) || {
  echo "tst_proxyjump as nobody failed:"; echo "$out"; exit 1; }
if ! grep -qE -- "$regex" <<<"$out"; then
  echo "tst_proxyjump as nobody did not print a skip CTest recognises:"; echo "$out"; exit 1
fi
grep -E -- "$regex" <<<"$out"
# The root-only functions of tst_agentmeasure run as tst_agentmeasure_root:
# as another user, its output must match that entry's own skip expression.
agent_regex=$(python3 - "$json" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    tests = {t["name"]: t for t in json.load(f)["tests"]}
t = tests.get("tst_agentmeasure_root")
if not t:
    sys.exit("tst_agentmeasure_root is not configured: its root-only functions would count as passed")
props = {p["name"]: p["value"] for p in t.get("properties", [])}
print(props["SKIP_REGULAR_EXPRESSION"][0])
PY
)
out=$(cd /tmp && runuser -u nobody -- env QT_QPA_PLATFORM=offscreen WIREBENCH_AGENT="$build/bin/wirebench-agent" \
      "$build/tests/tst_agentmeasure" fileTransferDiskFull staticAgentInEmptyChroot 2>&1) || {
  echo "tst_agentmeasure's root-only functions as nobody failed:"; echo "$out"; exit 1; }
if ! grep -qE -- "$agent_regex" <<<"$out"; then
  echo "tst_agentmeasure_root as nobody did not print a skip CTest recognises:"; echo "$out"; exit 1
fi
grep -E -- "$agent_regex" <<<"$out"
# tst_faulttable leaves out its root-only faults for another user and then
# says the table is incomplete: that line must match its entry's skip
# expression. One root-only fault is enough to see it (no sshd needed).
faults_regex=$(python3 - "$json" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    tests = {t["name"]: t for t in json.load(f)["tests"]}
t = tests.get("tst_faulttable")
if not t:
    sys.exit("tst_faulttable is not configured: its root-only faults would count as passed")
props = {p["name"]: p["value"] for p in t.get("properties", [])}
print(props["SKIP_REGULAR_EXPRESSION"][0])
PY
)
fake=$(mktemp -d)
trap 'rm -rf "$fake" "$json"' EXIT
chmod 755 "$fake"
echo 1 > "$fake/port_main"
chmod 644 "$fake/port_main"
out=$(cd /tmp && runuser -u nobody -- env QT_QPA_PLATFORM=offscreen WB_SSHD_DIR="$fake" \
      WB_FAULT_TABLE=/dev/null "$build/tests/tst_faulttable" diskFullOnReceiver 2>&1) || {
  echo "tst_faulttable's root-only fault as nobody failed:"; echo "$out"; exit 1; }
if ! grep -qE -- "$faults_regex" <<<"$out"; then
  echo "tst_faulttable as nobody did not print a skip CTest recognises:"; echo "$out"; exit 1
fi
grep -E -- "$faults_regex" <<<"$out"
