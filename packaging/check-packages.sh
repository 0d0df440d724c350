#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the DEB packages from the build tree, checks them with lintian,
# desktop-file-validate and appstreamcli, unpacks them into a clean root and
# runs the installed programs from there.
set -euo pipefail
build=$1
src=$2
work=$(mktemp -d /tmp/wirebench-pkg.XXXXXX)
trap 'rm -rf "$work"' EXIT

desktop-file-validate "$src/org.wirebench.Wirebench.desktop"
appstreamcli validate --no-net --pedantic "$src/org.wirebench.Wirebench.metainfo.xml"

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
app=$(ls "$work"/out/wirebench_*.deb)
agent=$(ls "$work"/out/wirebench-agent_*.deb)
echo "packages: $app $agent"

# Tags that do not apply: the agent is static on purpose; the project has no
# Debian source package, so no source-level tags.
lintian --fail-on error,warning --suppress-tags statically-linked-binary,no-manual-page \
    "$app" "$agent"

dpkg-deb -f "$app" Depends | grep -q libqt6sql6-sqlite || { echo "wirebench does not depend on libqt6sql6-sqlite"; exit 1; }
dpkg-deb -f "$app" Depends | grep -q libqt6keychain1 || { echo "wirebench does not depend on libqt6keychain1"; exit 1; }
dpkg-deb -f "$app" Recommends | grep -q libqt6sql6-psql || { echo "wirebench does not recommend libqt6sql6-psql"; exit 1; }

root="$work/root"
dpkg-deb -x "$app" "$root"
dpkg-deb -x "$agent" "$root"
test -x "$root/usr/libexec/wirebench/wirebench-agent"
test -f "$root/usr/share/applications/org.wirebench.Wirebench.desktop"
test -f "$root/usr/share/icons/hicolor/scalable/apps/org.wirebench.Wirebench.svg"

"$root/usr/bin/wirebench-agent" --version | grep -q '^wirebench-agent '
"$root/usr/bin/wirebench-cli" --version | grep -q '^wirebench-cli '
# The installed CLI finds the agent the package carries, not the build tree's.
out=$(env -u WIREBENCH_AGENT "$root/usr/bin/wirebench-cli" agents check)
echo "$out" | grep -q "agent: *$root/usr/libexec/wirebench/wirebench-agent" || { echo "$out"; exit 1; }
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
out=$(env -u WIREBENCH_AGENT QT_QPA_PLATFORM=offscreen timeout 60 "$root/usr/bin/wirebench" --self-test)
echo "$out"
echo "$out" | grep -q "local agent" 
echo "packaging ok"
