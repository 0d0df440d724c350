#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A throwaway sshd on 127.0.0.1 for the integration tests (CTest fixture).
#   sshd_fixture.sh start DIR   keys, config and two servers: "main" (with
#                               SFTP) and "nosftp" (no SFTP subsystem); their
#                               ports go to DIR/port_main and DIR/port_nosftp.
#                               "nosftp" sessions also get a noisy ~/.bashrc
#                               (banner lines on stdout and stderr), as some
#                               lab hosts have; "arch" sessions get a
#                               ~/.bashrc whose `uname -m` prints
#                               DIR/home-arch/machine when that file exists
#                               (a lab host of another machine, for the
#                               deployer's choice of agent)
#                               As root also a third, "pw" (port_pw), that
#                               takes passwords only, for one system account
#                               per fixture directory (wbpw<hash of DIR>, in
#                               DIR/pw_user; reused if a run left it) with a
#                               new random password (DIR/pw_password, 600),
#                               and a fourth, "kbd" (port_kbd), that takes the
#                               same account's password only through PAM's
#                               keyboard-interactive.
#   sshd_fixture.sh stop DIR    stops the listeners by PID, deletes the account
# Works as root (root logs in by key only) and as an ordinary user. Sessions
# see HOME=DIR/home (nosftp: DIR/home-noisy, arch: DIR/home-arch, pw and kbd:
# DIR/home-pw), so deployment never touches the real home directory.
set -euo pipefail

action=${1:?start or stop}
dir=${2:?fixture directory}
SSHD=$(command -v sshd || echo /usr/sbin/sshd)

stop_servers() {
    local pidfile pid
    for pidfile in "$dir"/sshd_*.pid; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                # An exited daemon whose reaper is slow stays a zombie: gone enough.
                [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = Z ] && break
                sleep 0.1
            done
        fi
        rm -f "$pidfile"
    done
}

start_server() {
    local name=$1 sftp=$2 home=$3 port conf attempt pubkey=yes password=no kbdint=no pam=no
    if [ "$name" = pw ]; then pubkey=no; password=yes; fi
    # Passwords only through PAM's keyboard-interactive, as some distributions ship.
    if [ "$name" = kbd ]; then pubkey=no; kbdint=yes; pam=yes; fi
    for attempt in $(seq 30); do
        port=$((20000 + RANDOM % 40000))
        if ss -Htln "sport = :$port" 2>/dev/null | grep -q .; then continue; fi
        conf="$dir/sshd_$name.conf"
        cat > "$conf" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_ed25519
PidFile $dir/sshd_$name.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication $pubkey
PasswordAuthentication $password
KbdInteractiveAuthentication $kbdint
UsePAM $pam
StrictModes no
MaxStartups 64
MaxSessions 64
LogLevel VERBOSE
SetEnv HOME=$home
CONF
        if [ "$sftp" = yes ]; then echo "Subsystem sftp internal-sftp" >> "$conf"; fi
        case $name in pw|kbd) printf 'AllowUsers %s\nMaxAuthTries 3\n' "$PW_USER" >> "$conf" ;; esac
        "$SSHD" -t -f "$conf"
        "$SSHD" -f "$conf" -E "$dir/sshd_$name.log" || continue
        for _ in $(seq 50); do
            if ssh-keyscan -T 1 -t ed25519 -p "$port" 127.0.0.1 >/dev/null 2>&1; then
                echo "$port" > "$dir/port_$name"
                echo "sshd_fixture: $name sshd on 127.0.0.1:$port (pid $(cat "$dir/sshd_$name.pid"))"
                return 0
            fi
            sleep 0.1
        done
        stop_servers
    done
    echo "sshd_fixture: could not start sshd ($name); see $dir/sshd_$name.log" >&2
    return 1
}

# The password server's only account: a system user whose home is DIR/home-pw.
# Named after DIR, so that build trees testing at the same time never share
# (and re-password) one account.
PW_USER=wbpw$(printf '%s' "$(realpath -m "$dir")" | md5sum | cut -c1-8)
setup_password_user() {
    # Other build trees may be editing /etc/passwd at the same moment
    # (useradd then fails on its lock): try a few times.
    local attempt
    for attempt in $(seq 10); do
        if id "$PW_USER" >/dev/null 2>&1; then
            usermod --home "$dir/home-pw" "$PW_USER" && break
        else
            useradd --system --no-create-home --home-dir "$dir/home-pw" --shell /bin/sh "$PW_USER" && break
        fi
        sleep 0.5
    done
    id "$PW_USER" >/dev/null 2>&1 || return 1
    # DIR stays closed to others except for passing through to home-pw.
    chmod 711 "$dir"
    mkdir -p "$dir/home-pw"
    chown "$PW_USER" "$dir/home-pw"
    chmod 700 "$dir/home-pw"
    local password
    password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
    (umask 077 && printf '%s' "$password" > "$dir/pw_password")
    printf '%s\n' "$PW_USER" > "$dir/pw_user"
    for attempt in $(seq 10); do
        printf '%s:%s\n' "$PW_USER" "$password" | chpasswd && return 0
        sleep 0.5
    done
    return 1
}

case "$action" in
start)
    if [ -d "$dir" ]; then stop_servers; fi
    rm -rf "$dir"
    mkdir -p "$dir/home" "$dir/home-noisy" "$dir/home-arch"
    printf '%s\n' 'echo "Welcome to the lab host (a noisy .bashrc)"' 'echo "and some noise on stderr" >&2' \
        > "$dir/home-noisy/.bashrc"
    cat > "$dir/home-arch/.bashrc" <<'BASHRC'
uname() {
    if [ "${1:-}" = -m ] && [ -f "$HOME/machine" ]; then cat "$HOME/machine"; else command uname "$@"; fi
}
BASHRC
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then mkdir -p /run/sshd; fi
    ssh-keygen -q -t ed25519 -N '' -C wb-fixture-host -f "$dir/host_ed25519"
    ssh-keygen -q -t ed25519 -N '' -C wb-fixture-other-host -f "$dir/other_host_ed25519"
    ssh-keygen -q -t ecdsa -N '' -C wb-fixture-other-type -f "$dir/other_type_host_ecdsa"
    ssh-keygen -q -t ed25519 -N '' -C wb-fixture-client -f "$dir/client_ed25519"
    ssh-keygen -q -t ed25519 -N 'wb-fixture-passphrase' -C wb-fixture-pass -f "$dir/pass_ed25519"
    ssh-keygen -q -t ed25519 -N '' -C wb-fixture-agent -f "$dir/agent_ed25519"
    ssh-keygen -q -t ed25519 -N '' -C wb-fixture-unauthorized -f "$dir/unauthorized_ed25519"
    cat "$dir/client_ed25519.pub" "$dir/pass_ed25519.pub" "$dir/agent_ed25519.pub" > "$dir/authorized_keys"
    chmod 600 "$dir"/*_ed25519 "$dir"/*_ecdsa "$dir/authorized_keys"
    start_server main yes "$dir/home"
    start_server nosftp no "$dir/home-noisy"
    start_server arch yes "$dir/home-arch"
    # Without it only the password tests fail (they require it as root).
    if [ "$(id -u)" -eq 0 ]; then
        setup_password_user && start_server pw yes "$dir/home-pw" && start_server kbd yes "$dir/home-pw" \
            || echo "sshd_fixture: could not set up the password account or servers" >&2
    fi
    ;;
stop)
    stop_servers
    if [ "$(id -u)" -eq 0 ] && id "$PW_USER" >/dev/null 2>&1; then
        userdel -f "$PW_USER" >/dev/null 2>&1 || usermod -L "$PW_USER" >/dev/null 2>&1 || true
    fi
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
