#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs every Debian 12 package Wirebench needs to build, run and test.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

packages=(
  # build
  build-essential cmake ninja-build pkg-config ccache git file
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqt6svg6
  libqt6sql6-sqlite libqt6sql6-psql
  libqcustomplot-dev libssh-dev qtkeychain-qt6-dev
  clang libclang-rt-14-dev
  # the aarch64 agent (cmake/CrossAgents.cmake) and running it in tests
  crossbuild-essential-arm64 qemu-user-static
  # run and test: local lab hosts, SSH, namespaces, displays, peers
  openssh-server openssh-client iproute2 procps psmisc
  # packet filters inside test namespaces (the black-holed host of tst_faulttable)
  nftables
  xvfb xauth fonts-dejavu-core
  iperf3 sockperf nuttcp
  # building netperf from shared/peers for bench_agent's tcp_crr pair (benchmarks only)
  autoconf automake texinfo
  postgresql-15 postgresql-client-15
  # packaging checks
  lintian desktop-file-utils appstream dpkg-dev fakeroot
  # importers: .flent.gz is gzip (core/exchange)
  zlib1g-dev
  # SSH password keychain: the tests run a headless Secret Service
  dbus-daemon gnome-keyring libsecret-1-0
  # schedules: systemd user timers, checked with systemd-analyze verify
  systemd
)

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
