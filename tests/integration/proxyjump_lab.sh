#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Three network namespaces for the ProxyJump test, chained so that the
# target is reachable only through the jump host:
#   client c0 203.0.113.1/30 <-> jump j0 203.0.113.2/30   (sshd on 203.0.113.2:22)
#   jump   j1 198.51.100.129/30 <-> target t0 198.51.100.130/30
#                                                        (sshd on 198.51.100.130:22)
# No namespace forwards and none has a default route: from the client the
# target's network does not exist, and the target cannot answer the client.
#   proxyjump_lab.sh start DIR   keys (DIR/client_ed25519, DIR/host_ed25519),
#                                both sshds (logs DIR/sshd_jump.log and
#                                DIR/sshd_target.log), namespace names in
#                                DIR/namespaces (client first).
#   proxyjump_lab.sh stop DIR    stops the sshds and every process left in
#                                the namespaces, deletes them and their links.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?lab directory}
SSHD=$(command -v sshd || echo /usr/sbin/sshd)

stop_lab() {
    [ -f "$dir/namespaces" ] || return 0
    for pidfile in "$dir"/sshd_*.pid; do
        [ -f "$pidfile" ] || continue
        kill "$(cat "$pidfile")" 2>/dev/null || true
        rm -f "$pidfile"
    done
    while read -r ns; do
        [ -n "$ns" ] || continue
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
        ip netns del "$ns" 2>/dev/null || true
    done < "$dir/namespaces"
    rm -f "$dir/namespaces"
}

start_sshd() {
    local name=$1 ns=$2 addr=$3
    mkdir -p "$dir/home-$name"
    cat > "$dir/sshd_$name.conf" <<CONF
ListenAddress $addr
Port 22
HostKey $dir/host_ed25519
PidFile $dir/sshd_$name.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AllowTcpForwarding yes
LogLevel VERBOSE
Subsystem sftp internal-sftp
SetEnv HOME=$dir/home-$name
CONF
    "$SSHD" -t -f "$dir/sshd_$name.conf"
    ip netns exec "$ns" "$SSHD" -f "$dir/sshd_$name.conf" -E "$dir/sshd_$name.log"
    for _ in $(seq 50); do
        ip netns exec "$ns" ssh-keyscan -T 1 -t ed25519 "$addr" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "proxyjump_lab: sshd ($name) on $addr did not come up" >&2
    cat "$dir/sshd_$name.log" >&2
    return 1
}

case "$action" in
start)
    [ "$(id -u)" -eq 0 ] || { echo "proxyjump_lab: needs root" >&2; exit 77; }
    stop_lab
    mkdir -p "$dir" /run/sshd
    chmod 700 "$dir"
    tag=wbpj$$
    : > "$dir/namespaces"
    trap 'stop_lab' ERR
    ssh-keygen -q -t ed25519 -N '' -C wb-pj-host -f "$dir/host_ed25519" <<< y >/dev/null
    ssh-keygen -q -t ed25519 -N '' -C wb-pj-client -f "$dir/client_ed25519" <<< y >/dev/null
    cp "$dir/client_ed25519.pub" "$dir/authorized_keys"
    chmod 600 "$dir/host_ed25519" "$dir/client_ed25519" "$dir/authorized_keys"
    for role in c j t; do
        ip netns add "$tag-$role"
        echo "$tag-$role" >> "$dir/namespaces"
        ip -n "$tag-$role" link set lo up
    done
    ip link add c0 netns "$tag-c" type veth peer name j0 netns "$tag-j"
    ip link add j1 netns "$tag-j" type veth peer name t0 netns "$tag-t"
    ip -n "$tag-c" addr add 203.0.113.1/30 dev c0
    ip -n "$tag-j" addr add 203.0.113.2/30 dev j0
    ip -n "$tag-j" addr add 198.51.100.129/30 dev j1
    ip -n "$tag-t" addr add 198.51.100.130/30 dev t0
    ip -n "$tag-c" link set c0 up
    ip -n "$tag-j" link set j0 up
    ip -n "$tag-j" link set j1 up
    ip -n "$tag-t" link set t0 up
    ip netns exec "$tag-j" sysctl -qw net.ipv4.ip_forward=0
    start_sshd jump "$tag-j" 203.0.113.2
    start_sshd target "$tag-t" 198.51.100.130
    trap - ERR
    echo "proxyjump_lab: up ($(tr '\n' ' ' < "$dir/namespaces"))"
    ;;
stop)
    stop_lab
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
