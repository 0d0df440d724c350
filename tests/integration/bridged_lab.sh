#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A lab with a management network apart from the data network under test,
# as a real lab wires them: each host (a network namespace) has two NICs,
#   mgmt0  on the management "switch" (a bridge in this namespace, where the
#          controller lives): 198.51.100.(130+i)/26, sshd listens here only;
#   data0  on the data "switch" (a bridge in a namespace of its own, so the
#          controller cannot reach it): 198.51.100.(10+i)/26 and
#          2001:db8:d::(10+i)/64.
#   data1  (with RATE) on a second data "switch", namespace of its own too:
#          198.51.100.(74+i)/26; that switch's port to the last host sends at
#          most RATE (tc tbf), a slower switch for A/B experiments.
# Those /26 networks hold 52 hosts. A larger lab (up to 240 hosts) takes a
# /24 of the benchmarking range for each instead: mgmt0 198.18.0.(10+i)
# (the controller 198.18.0.1), data0 198.18.1.(10+i), data1
# 198.18.2.(10+i). DIR/host<i>.env says which addresses each host got.
# The lab refuses to start when the host already routes the management
# network elsewhere: no test traffic may leave through a real interface.
#   bridged_lab.sh start DIR [N] [RATE]
#                                 N hosts (default 2). Files: DIR/client_ed25519
#                                 (root's login key), DIR/namespaces (hosts
#                                 first, the data switch last), DIR/host<i>.env.
#   bridged_lab.sh stop DIR       stops the sshds and every process left in the
#                                 namespaces, deletes the namespaces and bridges.
# Run under `flock /tmp/wirebench-netns.lock` with the other namespace tests.
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
    [ -f "$dir/bridge" ] && ip link del "$(cat "$dir/bridge")" 2>/dev/null || true
    rm -f "$dir/namespaces" "$dir/bridge"
}

case "$action" in
start)
    n=${3:-2}
    [ "$(id -u)" -eq 0 ] || { echo "bridged_lab: needs root" >&2; exit 77; }
    if [ "$n" -le 52 ]; then
        mgmt_gw=198.51.100.129/26 mgmt_net=198.51.100. mgmt_first=130 mgmt_len=26
        data_net=198.51.100. data_first=10 data_len=26
        data1_net=198.51.100. data1_first=74 data1_len=26
    elif [ "$n" -le 240 ]; then
        mgmt_gw=198.18.0.1/24 mgmt_net=198.18.0. mgmt_first=10 mgmt_len=24
        data_net=198.18.1. data_first=10 data_len=24
        data1_net=198.18.2. data1_first=10 data1_len=24
    else
        echo "bridged_lab: at most 240 hosts" >&2
        exit 2
    fi
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
    # The management switch, with the controller on it.
    mbr=${tag}mbr
    echo "$mbr" > "$dir/bridge"
    ip link add "$mbr" type bridge
    ip addr add "$mgmt_gw" dev "$mbr"
    ip link set "$mbr" up
    # Every management address goes to that bridge, never out of the host.
    for probe in "$mgmt_net$((mgmt_first + 1))" "$mgmt_net$((mgmt_first + n))"; do
        ip route get "$probe" | grep -q " dev $mbr " \
            || { echo "bridged_lab: $probe would not go to the lab's bridge: $(ip route get "$probe")" >&2; stop_lab; exit 1; }
    done
    # The data switch, out of the controller's reach.
    sw=$tag-sw
    for i in $(seq 1 "$n"); do
        ns=$tag-h$i
        ip netns add "$ns"
        echo "$ns" >> "$dir/namespaces"
        ip -n "$ns" link set lo up
        ip link add "${tag}m$i" type veth peer name mgmt0 netns "$ns"
        ip link set "${tag}m$i" master "$mbr" up
        ip -n "$ns" addr add "$mgmt_net$((mgmt_first + i))/$mgmt_len" dev mgmt0
        ip -n "$ns" link set mgmt0 up
    done
    ip netns add "$sw"
    echo "$sw" >> "$dir/namespaces"
    rate=${4:-}
    ip -n "$sw" link add br0 type bridge
    ip -n "$sw" link set br0 up
    for i in $(seq 1 "$n"); do
        ns=$tag-h$i
        ip -n "$sw" link add "p$i" type veth peer name data0 netns "$ns"
        ip -n "$sw" link set "p$i" master br0 up
        ip -n "$ns" addr add "$data_net$((data_first + i))/$data_len" dev data0
        ip -n "$ns" addr add "2001:db8:d::$((10 + i))/64" dev data0 nodad
        ip -n "$ns" link set data0 up
    done
    if [ -n "$rate" ]; then
        sw2=$tag-sw2
        ip netns add "$sw2"
        echo "$sw2" >> "$dir/namespaces"
        ip -n "$sw2" link add br0 type bridge
        ip -n "$sw2" link set br0 up
        for i in $(seq 1 "$n"); do
            ns=$tag-h$i
            ip -n "$sw2" link add "p$i" type veth peer name data1 netns "$ns"
            ip -n "$sw2" link set "p$i" master br0 up
            ip -n "$ns" addr add "$data1_net$((data1_first + i))/$data1_len" dev data1
            ip -n "$ns" link set data1 up
        done
        # The slower switch: its port to the last host forwards at most RATE.
        ip netns exec "$sw2" tc qdisc add dev "p$n" root tbf rate "$rate" burst 32kbit latency 50ms
    fi
    for i in $(seq 1 "$n"); do
        ns=$tag-h$i
        mkdir -p "$dir/home$i"
        cat > "$dir/sshd_$i.conf" <<CONF
ListenAddress $mgmt_net$((mgmt_first + i))
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
        printf 'NS=%s\nSSH=%s\nDATA=%s\nDATA6=2001:db8:d::%s\n' \
            "$ns" "$mgmt_net$((mgmt_first + i))" "$data_net$((data_first + i))" $((10 + i)) > "$dir/host$i.env"
        [ -z "$rate" ] || printf 'DATA1=%s\n' "$data1_net$((data1_first + i))" >> "$dir/host$i.env"
    done
    for i in $(seq 1 "$n"); do
        ip=$mgmt_net$((mgmt_first + i))
        for _ in $(seq 50); do
            ssh-keyscan -T 1 -t ed25519 "$ip" >/dev/null 2>&1 && break
            sleep 0.1
        done
        ssh-keyscan -T 2 -t ed25519 "$ip" >/dev/null 2>&1 || { echo "bridged_lab: sshd on $ip did not come up" >&2; cat "$dir/sshd_$i.log" >&2; stop_lab; exit 1; }
    done
    trap - ERR
    echo "bridged_lab: $n hosts up ($(tr '\n' ' ' < "$dir/namespaces"))"
    ;;
stop)
    stop_lab
    ;;
*)
    echo "usage: $0 start DIR [N] [RATE] | stop DIR" >&2
    exit 2
    ;;
esac
