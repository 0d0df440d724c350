#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The man pages against the programs: every command and option a program's
# --help prints is in its man page, and every option (and, for
# wirebench-cli, every command) the man page names is in --help.
#   check-manpages.sh BIN_DIR MAN_DIR
set -euo pipefail
bin=$1
man=$2
status=0

# The man page as plain text: no font escapes, "\-" as "-".
plain() {
  sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\(em/--/g' -e 's/\\&//g' "$1"
}
long_options() {
  grep -oE -- '(^|[^A-Za-z0-9-])--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u
}
short_options() {
  grep -oE -- '(^|[][ ,|(])-[A-Za-z?]([] ,=|)]|$)' | grep -oE -- '-[A-Za-z?]' | sort -u
}
has_word() { # has_word TEXT_FILE WORD: WORD appears, not as part of a longer option or word
  grep -qE -- "(^|[^A-Za-z0-9-])$(printf '%s' "$2" | sed 's/[?]/\\?/g')([^A-Za-z0-9-]|$)" "$1"
}
fail() {
  echo "FAIL: $*"
  status=1
}

work=$(mktemp -d /tmp/wirebench-man.XXXXXX)
trap 'rm -rf "$work"' EXIT

check_program() { # check_program PROGRAM HELP_FILE
  local prog=$1 help=$2 page="$man/$1.1" text="$work/$1.txt"
  plain "$page" > "$text"
  while read -r o; do
    has_word "$text" "$o" || fail "$prog --help prints $o; $page does not name it"
  done < <(long_options < "$help"; short_options < "$help")
  while read -r o; do
    has_word "$help" "$o" || fail "$page names $o; $prog --help does not print it"
  done < <(long_options < "$text")
}

# wirebench: --help answers with no display.
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$bin/wirebench" --help > "$work/wirebench.help"
check_program wirebench "$work/wirebench.help"

"$bin/wirebench-agent" --help > "$work/wirebench-agent.help"
check_program wirebench-agent "$work/wirebench-agent.help"
for sub in sysinfo listen run; do
  grep -qE "^\.B wirebench-agent $sub\b" "$man/wirebench-agent.1" || fail "wirebench-agent.1 has no synopsis for $sub"
done

"$bin/wirebench-cli" --help > "$work/wirebench-cli.help"
check_program wirebench-cli "$work/wirebench-cli.help"
# Commands: the words before the first argument on each line under "Commands:".
sed -n '/^Commands:/,/^$/p' "$work/wirebench-cli.help" | sed -n 's/^  \([a-z][a-z-]*\( [a-z][a-z-]*\)*\).*/\1/p' \
  | sed -E 's/ +$//' | sort -u > "$work/help.commands"
# In the man page, each command starts the line after a .TP in COMMANDS.
awk '/^\.SH COMMANDS/{on=1; next} /^\.SH/{on=0} on && prev==".TP"{print} {prev=$0}' "$man/wirebench-cli.1" \
  | sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' | sed -n 's/^\([a-z][a-z-]*\( [a-z][a-z-]*\)*\).*/\1/p' \
  | sed -E 's/ +$//' | sort -u > "$work/man.commands"
[ -s "$work/help.commands" ] || fail "no commands found in wirebench-cli --help"
while read -r c; do
  grep -qxF "$c" "$work/man.commands" || fail "wirebench-cli --help lists '$c'; wirebench-cli.1 COMMANDS does not"
done < "$work/help.commands"
while read -r c; do
  grep -qxF "$c" "$work/help.commands" || fail "wirebench-cli.1 lists '$c'; wirebench-cli --help does not"
done < "$work/man.commands"
# Each command's options: every option `wirebench-cli COMMAND --help` lists is
# in the command's entry under COMMANDS (its .TP paragraph), and every option
# that entry names is one the command takes.
entry() { # entry COMMAND: the command's paragraph in COMMANDS, as plain text
  awk -v cmd="$1" '
    /^\.SH COMMANDS/ { on = 1; next }
    /^\.SH/ { on = 0 }
    !on { next }
    /^\.(TP|SS)/ { inside = 0; tp = ($0 == ".TP"); next }
    tp { tp = 0; line = $0; gsub(/\\f[BIRP]/, "", line); gsub(/\\-/, "-", line)
         if (index(line " ", cmd " ") == 1) inside = 1 }
    inside { print }' "$man/wirebench-cli.1" | sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\&//g'
}
while read -r c; do
  # shellcheck disable=SC2086 # the command's words are separate arguments
  "$bin/wirebench-cli" $c --help > "$work/cmd.help" || { fail "wirebench-cli $c --help failed"; continue; }
  sed -n '/^Options:/,$p' "$work/cmd.help" | sed -n 's/^  \(-[A-Za-z], \)\{0,1\}\(--\{0,1\}[a-z][a-z0-9-]*\).*/\1\2/p' \
    | tr -d ',' | tr ' ' '\n' | { grep -vxE -- '--db|--help|-h|' || true; } | sort -u > "$work/cmd.options"
  entry "$c" > "$work/cmd.entry"
  [ -s "$work/cmd.entry" ] || { fail "wirebench-cli.1 has no entry for $c"; continue; }
  while read -r o; do
    has_word "$work/cmd.entry" "$o" || fail "wirebench-cli $c --help lists $o; its entry in wirebench-cli.1 does not"
  done < "$work/cmd.options"
  while read -r o; do
    grep -qxF -- "$o" "$work/cmd.options" || fail "wirebench-cli.1 names $o for $c; wirebench-cli $c --help does not list it"
  done < <(long_options < "$work/cmd.entry"; short_options < "$work/cmd.entry")
done < "$work/help.commands"

for section in "EXIT STATUS" ENVIRONMENT FILES; do
  grep -qx "\.SH $section" "$man/wirebench-cli.1" || fail "wirebench-cli.1 has no $section section"
done
grep -q WIREBENCH_DB "$work/wirebench-cli.txt" || fail "wirebench-cli.1 does not name WIREBENCH_DB"
grep -qx '\.SH EXIT STATUS' "$man/wirebench-agent.1" || fail "wirebench-agent.1 has no EXIT STATUS section"

[ $status -eq 0 ] && echo "man pages ok: $(wc -l < "$work/help.commands") commands"
exit $status
