#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzz smoke for the importers: `build` configures a small clang build of the
# fuzz targets in BUILD_DIR; `run` runs each target for FUZZ_SECONDS (default
# 6; eight targets, about 55 s in all) over the fixtures of tests/data/import/
# as seed corpus. Any crash, sanitizer report, leak or slow input fails.
# Full runs: see docs/fuzzing.md.
set -euo pipefail
mode=$1 src=$2 build=$3
seconds=${FUZZ_SECONDS:-6}
parsers=(netperf iperf3 iperf2 flent sockperf pktgen csv mixed)

if [ "$mode" = build ]; then
  launcher=()
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  CC=clang CXX=clang++ cmake -S "$src" -B "$build" -G Ninja \
    -DWIREBENCH_FUZZ=ON -DWIREBENCH_BUILD_GUI=OFF -DWIREBENCH_STATIC_AGENT=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; exit 1; }
  exec cmake --build "$build" --target fuzz_import_all
fi

status=0
for p in "${parsers[@]}"; do
  case $p in
    netperf) seeds=("$src/tests/data/import/netperf" "$src/tests/data/seeds") ;;
    mixed) seeds=("$src/tests/data/import/mixed" "$src/tests/data/import/iperf2" "$src/tests/data/import/netperf") ;;
    *) seeds=("$src/tests/data/import/$p") ;;
  esac
  corpus=$(mktemp -d)
  trap 'rm -rf "$corpus"' EXIT
  echo "fuzz_import_$p: ${seconds}s"
  if ! "$build/fuzz/fuzz_import_$p" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -print_final_stats=1 "$corpus" "${seeds[@]}" >"$corpus/log" 2>&1; then
    echo "fuzz_import_$p FAILED:"; tail -60 "$corpus/log"; status=1
  else
    grep -E 'stat::number_of_executed_units|Done' "$corpus/log" | tail -2 || true
  fi
  rm -rf "$corpus"
done
exit $status
