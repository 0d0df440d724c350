#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the agent's message-parser fuzz target with clang (libFuzzer, ASan,
# UBSan) apart from the main build, whatever compiler that uses, and runs it
# for a bounded time on the golden protocol files as the seed corpus.
# Usage: fuzz-smoke.sh SOURCE_DIR WORK_DIR SECONDS
set -euo pipefail
src=$1
work=$2
seconds=${3:-15}
cxx=${CLANGXX:-clang++}
if ! command -v "$cxx" >/dev/null; then
  echo "fuzz-smoke: $cxx not found (install clang, see packaging/install-deps.sh)" >&2
  exit 1
fi
mkdir -p "$work/corpus" "$work/obj"
launcher=""
command -v ccache >/dev/null && launcher=ccache
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
       -DWIREBENCH_VERSION=\"fuzz\" -I"$src/agents")
objs=()
for f in json output session testparams requestcheck netutil hoststats; do
  $launcher "$cxx" "${flags[@]}" -c "$src/agents/$f.cpp" -o "$work/obj/$f.o"
  objs+=("$work/obj/$f.o")
done
$launcher "$cxx" "${flags[@]}" -c "$src/tests/fuzz/fuzz_agentmessage.cpp" -o "$work/obj/fuzz_agentmessage.o"
"$cxx" -fsanitize=fuzzer,address,undefined "${objs[@]}" "$work/obj/fuzz_agentmessage.o" -o "$work/fuzz_agentmessage"
cp "$src"/tests/data/protocol/*.json "$work/corpus/"
# Each golden conversation line is a seed too.
sed -n 's/^> //p' "$src"/tests/data/protocol/conversation_*.txt | split -l 1 - "$work/corpus/conv-"
"$work/fuzz_agentmessage" -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus"
