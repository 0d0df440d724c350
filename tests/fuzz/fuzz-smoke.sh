#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds one of the agent's fuzz targets with clang (libFuzzer, ASan, UBSan)
# apart from the main build, whatever compiler that uses, and runs it for a
# bounded time on its seed corpus:
#   fuzz_agentmessage  the controller's lines to the agent (seeds: the golden
#                      protocol files and conversation lines)
#   fuzz_agentheader   a peer agent's token and header on a test connection
#                      (seeds: tests/data/agentheader, rrul's flows and probe among them)
# Usage: fuzz-smoke.sh SOURCE_DIR WORK_DIR SECONDS [TARGET]
# Extra libFuzzer options can follow in FUZZ_ARGS (e.g. a kept corpus dir).
set -euo pipefail
src=$1
work=$2
seconds=${3:-15}
target=${4:-fuzz_agentmessage}
cxx=${CLANGXX:-clang++}
if ! command -v "$cxx" >/dev/null; then
  echo "fuzz-smoke: $cxx not found (install clang, see packaging/install-deps.sh)" >&2
  exit 1
fi
case $target in
  fuzz_agentmessage) sources=(json output session testparams requestcheck netutil hoststats headroom cpuaffinity localaddress socketknobs) ;;
  fuzz_agentheader) sources=(json testparams netutil controlchannel peerheader) ;;
  *) echo "fuzz-smoke: unknown target $target" >&2; exit 2 ;;
esac
corpus=$work/corpus-$target
mkdir -p "$corpus" "$work/obj-$target"
launcher=""
command -v ccache >/dev/null && launcher=ccache
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
       -DWIREBENCH_VERSION=\"fuzz\" -I"$src/agents" -I"$src/core/protocol")
objs=()
for f in "${sources[@]}"; do
  $launcher "$cxx" "${flags[@]}" -c "$src/agents/$f.cpp" -o "$work/obj-$target/$f.o"
  objs+=("$work/obj-$target/$f.o")
done
$launcher "$cxx" "${flags[@]}" -c "$src/tests/fuzz/$target.cpp" -o "$work/obj-$target/$target.o"
"$cxx" -fsanitize=fuzzer,address,undefined "${objs[@]}" "$work/obj-$target/$target.o" -o "$work/$target"
if [ "$target" = fuzz_agentmessage ]; then
  cp "$src"/tests/data/protocol/*.json "$corpus/"
  # Each golden conversation line is a seed too.
  sed -n 's/^> //p' "$src"/tests/data/protocol/conversation_*.txt | split -l 1 - "$corpus/conv-"
else
  cp "$src"/tests/data/agentheader/* "$corpus/"
fi
# shellcheck disable=SC2086
"$work/$target" -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 -artifact_prefix="$work/$target-" ${FUZZ_ARGS:-} "$corpus"
