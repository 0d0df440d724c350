#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the DEB packages from the build tree, checks them with lintian,
# desktop-file-validate and appstreamcli, unpacks them into a clean root and
# runs the installed programs from there.
#   check-packages.sh BUILD_DIR SOURCE_DIR [CROSS_ARCHS]
# CROSS_ARCHS (comma-separated, e.g. "aarch64"): the other architectures'
# agents the wirebench package must carry (cmake/CrossAgents.cmake).
set -euo pipefail
build=$1
src=$2
cross=${3:-}
work=$(mktemp -d /tmp/wirebench-pkg.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The validators where they are installed (packaging/deps/test.txt lists them).
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$src/org.wirebench.Wirebench.desktop"
else
  echo "note: desktop-file-validate not installed (desktop-file-utils): the desktop file is not validated"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --pedantic "$build/packaging/gen/org.wirebench.Wirebench.metainfo.xml"
else
  echo "note: appstreamcli not installed (appstream): the metainfo is not validated"
fi
grep -q '^Exec=wirebench %F$' "$src/org.wirebench.Wirebench.desktop" || { echo "the desktop file does not pass files (%F)"; exit 1; }
for type in application/x-wirebench-lab application/x-wirebench-plan application/x-flent-gz; do
  grep -q "^MimeType=.*$type;" "$src/org.wirebench.Wirebench.desktop" || { echo "the desktop file does not open $type"; exit 1; }
  grep -q "<mime-type type=\"$type\">" "$src/org.wirebench.Wirebench.mime.xml" || { echo "no MIME type $type"; exit 1; }
done
grep -q '<url type="bugtracker">' "$build/packaging/gen/org.wirebench.Wirebench.metainfo.xml" || { echo "the metainfo has no bug tracker"; exit 1; }
grep -q '<screenshot type="default">' "$build/packaging/gen/org.wirebench.Wirebench.metainfo.xml" || { echo "the metainfo has no screenshots"; exit 1; }

if grep -q 'wirebench\.invalid' "$build/packaging/gen/org.wirebench.Wirebench.metainfo.xml"; then
  echo "note: the packages name the placeholder site https://wirebench.invalid; a release sets -DWIREBENCH_HOMEPAGE_URL and -DWIREBENCH_CONTACT (README: Installing from the packages)"
fi

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
app=$(ls "$work"/out/wirebench_*.deb)
agent=$(ls "$work"/out/wirebench-agent_*.deb)
echo "packages: $app $agent"

# The static agents and the foreign-architecture ones are declared in each
# package's override file (/usr/share/lintian/overrides/PACKAGE), not
# suppressed here, so a binary the overrides do not name fails.
# Every program has its man page: nothing is suppressed here.
lintian --fail-on error,warning "$app" "$agent"

dpkg-deb -f "$app" Depends | grep -q libqt6sql6-sqlite || { echo "wirebench does not depend on libqt6sql6-sqlite"; exit 1; }
dpkg-deb -f "$app" Depends | grep -q libqt6keychain1 || { echo "wirebench does not depend on libqt6keychain1"; exit 1; }
dpkg-deb -f "$app" Recommends | grep -q libqt6sql6-psql || { echo "wirebench does not recommend libqt6sql6-psql"; exit 1; }

root="$work/root"
dpkg-deb -x "$app" "$root"
dpkg-deb -x "$agent" "$root"
test -x "$root/usr/libexec/wirebench/wirebench-agent"
test -f "$root/usr/share/lintian/overrides/wirebench"
test -f "$root/usr/share/lintian/overrides/wirebench-agent"
# Each cross agent: in its place, for its machine, static and stripped.
IFS=, read -r -a cross_archs <<< "$cross"
for arch in "${cross_archs[@]}"; do
  [ -n "$arch" ] || continue
  exe="$root/usr/libexec/wirebench/agents/$arch/wirebench-agent"
  test -x "$exe" || { echo "the wirebench package has no $arch agent ($exe)"; exit 1; }
  what=$(file -b "$exe")
  case $arch in aarch64) want="ARM aarch64" ;; *) want="" ;; esac
  echo "$what" | grep -q "$want" || { echo "$exe is not for $arch: $what"; exit 1; }
  echo "$what" | grep -q "statically linked" || { echo "$exe is not static: $what"; exit 1; }
  echo "$what" | grep -q ", stripped" || { echo "$exe is not stripped: $what"; exit 1; }
  grep -qx "wirebench: binary-from-other-architecture \[usr/libexec/wirebench/agents/$arch/wirebench-agent\]" \
    "$root/usr/share/lintian/overrides/wirebench" || { echo "no lintian override for the $arch agent"; exit 1; }
  # Stripped with the right strip, it still runs (emulated, where qemu-user is here).
  if [ "$arch" = aarch64 ] && command -v qemu-aarch64-static >/dev/null; then
    qemu-aarch64-static "$exe" --version | grep -q '^wirebench-agent ' || { echo "$exe does not run"; exit 1; }
  fi
done
test -f "$root/usr/share/applications/org.wirebench.Wirebench.desktop"
test -f "$root/usr/share/mime/packages/org.wirebench.Wirebench.xml"
# The MIME types compile into a database, and the lab and plan files shipped
# as examples are told apart by their "format" key.
if command -v update-mime-database >/dev/null; then
  mkdir -p "$work/mime/packages"
  cp "$root/usr/share/mime/packages/org.wirebench.Wirebench.xml" "$work/mime/packages/"
  mime_log=$(update-mime-database -V "$work/mime" 2>&1) || { echo "$mime_log"; exit 1; }
  if grep -qiE 'warning|error' <<< "$mime_log"; then echo "$mime_log"; exit 1; fi
  test -f "$work/mime/application/x-wirebench-plan.xml"
  test -f "$work/mime/application/x-wirebench-lab.xml"
  # What a GIO desktop (GNOME Files, xdg-open) then makes of files: a lab
  # and a plan by their "format" key, wherever it stands in the first
  # 16 KiB, and other JSON stays JSON. (Qt's QMimeDatabase, as in KDE's
  # file manager, decides by the *.json glob alone: docs/user-guide.md.)
  if command -v gio >/dev/null; then
    printf '{"name": "p", "tests": [{"kind": "tcp_rr"}], "format": "wirebench-plan"}\n' >"$work/sorted-plan.json"
    printf '{"name": "not a Wirebench file"}\n' >"$work/other.json"
    for want in "application/x-wirebench-lab $src/../tests/data/labs/loopback-lab.json" \
                "application/x-wirebench-plan $src/../resources/plans/local-demo.json" \
                "application/x-wirebench-plan $work/sorted-plan.json" "application/json $work/other.json"; do
      type=${want%% *}
      file=${want#* }
      got=$(XDG_DATA_DIRS="$work:/usr/share" XDG_DATA_HOME="$work/no-home" gio info -a standard::content-type "$file" \
            | sed -n 's/^ *standard::content-type: //p')
      [ "$got" = "$type" ] || { echo "GIO takes $file for '$got', not $type"; exit 1; }
    done
  else
    echo "note: gio not installed (libglib2.0-bin): file types are not checked"
  fi
else
  echo "note: update-mime-database not installed (shared-mime-info): the MIME types are not compiled"
fi
test -f "$root/usr/share/icons/hicolor/scalable/apps/org.wirebench.Wirebench.svg"

"$root/usr/bin/wirebench-agent" --version | grep -q '^wirebench-agent '
"$root/usr/bin/wirebench-cli" --version | grep -q '^wirebench-cli '
# Shell completion where bash-completion and zsh look for it, the same the
# installed CLI makes from its command table.
for shell in bash zsh; do
  case $shell in
    bash) file="$root/usr/share/bash-completion/completions/wirebench-cli" ;;
    zsh) file="$root/usr/share/zsh/vendor-completions/_wirebench-cli" ;;
  esac
  test -f "$file" || { echo "the wirebench package has no $shell completion ($file)"; exit 1; }
  "$root/usr/bin/wirebench-cli" completion $shell | cmp -s - "$file" \
    || { echo "$file is not what wirebench-cli completion $shell prints"; exit 1; }
done
bash -n "$root/usr/share/bash-completion/completions/wirebench-cli"
# The installed desktop program answers --version and --help with no display.
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$root/usr/bin/wirebench" --version | grep -q '^wirebench '
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$root/usr/bin/wirebench" --help | grep -q -- '--db'
# The installed CLI finds the agent the package carries, not the build tree's.
out=$(env -u WIREBENCH_AGENT "$root/usr/bin/wirebench-cli" agents check)
echo "$out" | grep -q "agent: *$root/usr/libexec/wirebench/wirebench-agent" || { echo "$out"; exit 1; }
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
out=$(env -u WIREBENCH_AGENT QT_QPA_PLATFORM=offscreen timeout 60 "$root/usr/bin/wirebench" --self-test)
echo "$out"
echo "$out" | grep -q "local agent" 
echo "packaging ok"
