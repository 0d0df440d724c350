#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the fault table of docs/reliability.md again: builds and runs
# tst_faulttable (with the sshd fixture CTest starts for it) and puts the
# table it wrote between the markers in docs/reliability.md. Run it as root:
# two of the faults need a network namespace and a tmpfs, and an incomplete
# table is not copied. BUILD_DIR picks another configured build (with
# BUILD_TESTING=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
doc=docs/reliability.md
table=$BUILD_DIR/fault-table.md
cmake --build "$BUILD_DIR" --target tst_faulttable wirebench-agent
rm -f "$table"
ctest --test-dir "$BUILD_DIR" -R '^tst_faulttable$' --output-on-failure
if [ ! -s "$table" ] || grep -qE 'FAILED|not run' "$table"; then
  echo "fault-table: $table is missing or incomplete (run as root); $doc left as it was" >&2
  exit 1
fi
begin='<!-- fault-table:begin -->'
end='<!-- fault-table:end -->'
grep -qF "$begin" "$doc" && grep -qF "$end" "$doc" || { echo "fault-table: no markers in $doc" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v begin="$begin" -v end="$end" -v table="$table" '
  $0 == begin { print; while ((getline line < table) > 0) print line; skip = 1; next }
  $0 == end { skip = 0 }
  !skip { print }
' "$doc" > "$tmp"
cat "$tmp" > "$doc"
echo "fault-table: $doc updated from $table"
