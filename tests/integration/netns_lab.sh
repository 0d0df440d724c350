#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A small lab of network namespaces, each a "host" reached over SSH.
#   netns_lab.sh start DIR N   N hosts (2 or 3): host i gets a management
#                              link to this namespace (root side
#                              198.51.100.(64+4i-3), host side 198.51.100.(64+4i-2))
#                              with an sshd on it, and
#                              the hosts are chained by data links:
#                              h1 lab0 198.51.100.1 <-> h2 lab0 198.51.100.2
#                              (tbf 100 Mbit/s both ways: Fast Ethernet), and
#                              h2 lab1 198.51.100.5 <-> h3 lab0 198.51.100.6,
#                              with h2 forwarding between h1 and h3 (a router).
#                              Files: DIR/client_ed25519 (login key for root),
#                              DIR/namespaces, DIR/host<i>.env.
#   netns_lab.sh stop DIR      stops the sshds and every process left in the
#                              namespaces (all started by the tests), then
#                              deletes the namespaces and their links.
set -euo pipefail
# This machine's own network may use 192.0.2.0/24 (TEST-NET-1): the lab keeps
# to 198.51.100.0/24, whose data links exist only inside the namespaces.
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

case "$action" in
start)
    n=${3:-2}
    [ "$(id -u)" -eq 0 ] || { echo "netns_lab: needs root" >&2; exit 77; }
    stop_lab
    mkdir -p "$dir" /run/sshd
    chmod 700 "$dir"
    tag=wb$$
    : > "$dir/namespaces"
    trap 'stop_lab' ERR
    ssh-keygen -q -t ed25519 -N '' -C wb-lab-host -f "$dir/host_ed25519" <<< y >/dev/null
    ssh-keygen -q -t ed25519 -N '' -C wb-lab-client -f "$dir/client_ed25519" <<< y >/dev/null
    cp "$dir/client_ed25519.pub" "$dir/authorized_keys"
    chmod 600 "$dir/host_ed25519" "$dir/client_ed25519" "$dir/authorized_keys"
    for i in $(seq 1 "$n"); do
        ns=$tag-h$i
        ip netns add "$ns"
        echo "$ns" >> "$dir/namespaces"
        ip -n "$ns" link set lo up
        root_if=${tag}m$i
        ip link add "$root_if" type veth peer name mgmt0 netns "$ns"
        root_ip=198.51.100.$((64 + 4 * i - 3))
        host_ip=198.51.100.$((64 + 4 * i - 2))
        ip addr add "$root_ip/30" dev "$root_if"
        ip link set "$root_if" up
        ip -n "$ns" addr add "$host_ip/30" dev mgmt0
        ip -n "$ns" link set mgmt0 up
        mkdir -p "$dir/home$i"
        cat > "$dir/sshd_$i.conf" <<CONF
ListenAddress $host_ip
Port 22
HostKey $dir/host_ed25519
PidFile $dir/sshd_$i.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
SetEnv HOME=$dir/home$i
CONF
        ip netns exec "$ns" "$SSHD" -f "$dir/sshd_$i.conf" -E "$dir/sshd_$i.log"
        printf 'NS=%s\nSSH=%s\n' "$ns" "$host_ip" > "$dir/host$i.env"
    done
    # Data links.
    ip link add lab0 netns "$tag-h1" type veth peer name lab0 netns "$tag-h2"
    ip -n "$tag-h1" addr add 198.51.100.1/30 dev lab0
    ip -n "$tag-h2" addr add 198.51.100.2/30 dev lab0
    for h in h1 h2; do
        ip -n "$tag-$h" link set lab0 up
        ip netns exec "$tag-$h" tc qdisc add dev lab0 root tbf rate 100mbit burst 64kb latency 50ms
    done
    if [ "$n" -ge 3 ]; then
        ip link add lab1 netns "$tag-h2" type veth peer name lab0 netns "$tag-h3"
        ip -n "$tag-h2" addr add 198.51.100.5/30 dev lab1
        ip -n "$tag-h3" addr add 198.51.100.6/30 dev lab0
        ip -n "$tag-h2" link set lab1 up
        ip -n "$tag-h3" link set lab0 up
        # h2 routes between its two data links: h1 reaches h3 through it.
        ip netns exec "$tag-h2" sysctl -qw net.ipv4.ip_forward=1
        ip -n "$tag-h1" route add 198.51.100.4/30 via 198.51.100.2
        ip -n "$tag-h3" route add 198.51.100.0/30 via 198.51.100.5
    fi
    for i in $(seq 1 "$n"); do
        ip=198.51.100.$((64 + 4 * i - 2))
        for _ in $(seq 50); do
            ssh-keyscan -T 1 -t ed25519 "$ip" >/dev/null 2>&1 && break
            sleep 0.1
        done
        ssh-keyscan -T 2 -t ed25519 "$ip" >/dev/null 2>&1 || { echo "netns_lab: sshd on $ip did not come up" >&2; cat "$dir/sshd_$i.log" >&2; stop_lab; exit 1; }
    done
    trap - ERR
    echo "netns_lab: $n hosts up ($(tr '\n' ' ' < "$dir/namespaces"))"
    ;;
stop)
    stop_lab
    ;;
*)
    echo "usage: $0 start DIR N | stop DIR" >&2
    exit 2
    ;;
esac
