#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Wirebench needs: to build and run it
# (packaging/deps/run.txt; scripts/run.sh), and with --tests also what only
# the tests use (packaging/deps/test.txt: test servers, toolchains,
# checkers; scripts/test.sh). Idempotent: when everything is present it only
# checks and returns.
#   install-deps.sh [--tests]
set -euo pipefail
here=$(dirname "$0")
lists=("$here/deps/run.txt")
case ${1:-} in
  --tests) lists+=("$here/deps/test.txt") ;;
  "") ;;
  *) echo "usage: install-deps.sh [--tests]" >&2; exit 2 ;;
esac

# One or more names a line; # starts a comment.
mapfile -t packages < <(sed -e 's/#.*//' "${lists[@]}" | tr -s ' \t' '\n' | sed '/^$/d')

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The PostgreSQL package would start a cluster service; tests start their own.
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done"
