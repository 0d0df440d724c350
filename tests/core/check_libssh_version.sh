#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Configuring against a libssh older than 0.10.6 (CVE-2023-6004) must fail
# and say which version is needed. A fake libssh.pc with version 0.10.5
# comes first on PKG_CONFIG_PATH; the real one must still configure.
# Usage: check_libssh_version.sh SOURCE_DIR
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
real=$(pkg-config --variable=pcfiledir libssh)/libssh.pc
mkdir -p "$work/pc"
sed 's/^Version:.*/Version: 0.10.5/' "$real" >"$work/pc/libssh.pc"
if PKG_CONFIG_PATH="$work/pc" cmake -S "$src" -B "$work/old" -G Ninja -DWIREBENCH_BUILD_GUI=OFF \
     -DBUILD_TESTING=OFF >"$work/old.log" 2>&1; then
  echo "configure accepted libssh 0.10.5:"; cat "$work/old.log"; exit 1
fi
if ! grep -q 'libssh>=0.10.6' "$work/old.log"; then
  echo "configure failed without naming the libssh version it needs:"; cat "$work/old.log"; exit 1
fi
echo "libssh 0.10.5 refused: $(grep -m1 'libssh' "$work/old.log" | sed 's/^ *//')"
