#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The dependency split: scripts/run.sh installs packaging/deps/run.txt only,
# scripts/test.sh adds packaging/deps/test.txt, and run.txt holds nothing
# only the tests use: no package in both lists, and the package that
# provides each test server or tool on this machine (found with dpkg -S) is
# in test.txt, never in run.txt.
#   check-deps.sh SOURCE_DIR
set -euo pipefail
src=$1
status=0
fail() {
  echo "FAIL: $*"
  status=1
}
names() { sed -e 's/#.*//' "$1" | tr -s ' \t' '\n' | sed '/^$/d' | sort -u; }
run=$(names "$src/packaging/deps/run.txt")
test=$(names "$src/packaging/deps/test.txt")

both=$(comm -12 <(echo "$run") <(echo "$test"))
[ -z "$both" ] || fail "in both run.txt and test.txt: $both"

# What only the tests run: servers, toolchains, checkers, benchmark peers.
tools=(sshd initdb pg_ctl gnome-keyring-daemon dbus-daemon clang++ lintian Xvfb xauth nuttcp iperf3 sockperf
       qemu-aarch64-static nft appstreamcli desktop-file-validate systemd-analyze autoconf automake makeinfo
       fakeroot dpkg-shlibdeps update-mime-database pdftotext pdfinfo zsh)
checked=0
for t in "${tools[@]}"; do
  path=$(command -v "$t" || true)
  [ -n "$path" ] || path=$(ls /usr/lib/postgresql/*/bin/"$t" 2>/dev/null | head -n1 || true)
  if [ -z "$path" ]; then
    echo "note: $t is not installed here; its package is not checked"
    continue
  fi
  pkg=""
  for p in "$path" "$(readlink -f "$path")" "${path/#\/usr/}" ; do
    pkg=$(dpkg -S "$p" 2>/dev/null | head -n1 | cut -d: -f1 || true)
    [ -n "$pkg" ] && break
  done
  if [ -z "$pkg" ]; then
    echo "note: no package owns $path; not checked"
    continue
  fi
  checked=$((checked + 1))
  if grep -qx "$pkg" <<< "$run"; then
    fail "run.txt holds $pkg, which provides $t (only the tests use it): move it to test.txt"
  fi
  grep -qx "$pkg" <<< "$test" || fail "$t comes from $pkg, which test.txt does not list"
done

grep -qE '^bash packaging/install-deps.sh$' "$src/scripts/run.sh" || fail "scripts/run.sh must install the run packages only"
grep -qE '^bash packaging/install-deps.sh --tests$' "$src/scripts/test.sh" || fail "scripts/test.sh must install the test packages too"
grep -q 'scripts/test.sh' "$src/.ci/run" || fail ".ci/run no longer runs scripts/test.sh"

[ $status -eq 0 ] && echo "dependency split ok: $(echo "$run" | wc -l) run packages, $(echo "$test" | wc -l) test packages, $checked test tools traced"
exit $status
