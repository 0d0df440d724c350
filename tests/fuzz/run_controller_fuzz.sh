#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzz smoke for the controller's parsers: `build` configures a clang build
# of the fuzz targets in BUILD_DIR (the core with coverage, ASan, UBSan);
# `run` runs each target for FUZZ_SECONDS (default 6; six targets, about
# 45 s in all) over its seed corpus (`seeds SOURCE_DIR TARGET` prints the folders). Any
# crash, sanitizer report, leak, broken promise or slow input fails.
# Full runs: docs/fuzzing.md, "Controller parsers".
set -euo pipefail
mode=$1 src=$2 build=${3:-}
seconds=${FUZZ_SECONDS:-6}
targets=(agentline plan inventory baselineset storearchive databaseurl)

# The seed folders of one target, from the project's fixtures.
seeds() {
  case $1 in
    agentline) echo "$src/tests/data/protocol" ;;
    plan) echo "$src/tests/data/plans $src/resources/plans" ;;
    inventory) echo "$src/resources/labs $src/tests/data/labs $src/tests/data/store" ;;
    baselineset) echo "$src/resources/baselines" ;;
    storearchive) echo "$src/tests/data/fuzz/storearchive" ;;
    databaseurl) echo "$src/tests/data/fuzz/databaseurl" ;;
    *) echo "unknown target $1" >&2; return 1 ;;
  esac
}

case $mode in
build)
  launcher=()
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  CC=clang CXX=clang++ cmake -S "$src" -B "$build" -G Ninja \
    -DWIREBENCH_FUZZ=ON -DWIREBENCH_BUILD_GUI=OFF -DWIREBENCH_STATIC_AGENT=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; exit 1; }
  exec cmake --build "$build" --target fuzz_controller_all
  ;;
seeds)
  seeds "$build" # the third argument names the target here
  ;;
run)
  status=0
  for t in "${targets[@]}"; do
    corpus=$(mktemp -d)
    trap 'rm -rf "$corpus"' EXIT
    dirs=$(seeds "$t")
    echo "fuzz_$t: ${seconds}s"
    # shellcheck disable=SC2086 # one argument per seed folder
    if ! "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
         -max_len=65536 -print_final_stats=1 -artifact_prefix="$corpus/" "$corpus" $dirs >"$corpus/log" 2>&1; then
      echo "fuzz_$t FAILED:"; tail -60 "$corpus/log"; status=1
    else
      grep -E 'stat::number_of_executed_units|Done' "$corpus/log" | tail -2 || true
    fi
    rm -rf "$corpus"
  done
  exit $status
  ;;
*)
  echo "usage: run_controller_fuzz.sh build|run SOURCE_DIR BUILD_DIR | seeds SOURCE_DIR TARGET" >&2
  exit 2
  ;;
esac
