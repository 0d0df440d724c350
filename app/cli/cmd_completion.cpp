// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli completion bash|zsh`: shell completion made from the
// command table, so it knows every command and option the program takes
// and nothing it does not. The package installs both scripts
// (packaging/CMakeLists.txt runs this command at build time).

#include "clicommand.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

enum class ValueKind { None, Word, File, Directory, Choice };

// What an option's value is, from its value name: a file or folder to
// complete from the file system, one of the words "a|b|c", or free text.
ValueKind valueKind(const wb::cli::Option &o)
{
    if (o.value.isEmpty())
        return ValueKind::None;
    if (o.value.contains(u'|'))
        return ValueKind::Choice;
    if (o.value == u"DIR"_s)
        return ValueKind::Directory;
    if (o.value.contains(u"FILE"_s) || o.value.endsWith(u".json"_s) || o.value == u"DATABASE"_s)
        return ValueKind::File;
    return ValueKind::Word;
}

QList<wb::cli::Command> commands()
{
    QList<wb::cli::Command> cmds = wb::cli::commandTable();
    std::sort(cmds.begin(), cmds.end(), [](const auto &a, const auto &b) { return a.words < b.words; });
    return cmds;
}

// The options every command takes besides its own (main.cpp).
QList<wb::cli::Option> withGlobal(const wb::cli::Command &c)
{
    return c.options + QList<wb::cli::Option>{{u"--db"_s, u"DATABASE"_s, u"the results database"_s},
                                              {u"--help"_s, {}, u"show the command's options"_s, u"-h"_s}};
}

QString shellQuoted(const QString &text) // for '...' in either shell
{
    return u'\'' + QString(text).replace(u"'"_s, u"'\\''"_s) + u'\'';
}

QString bashScript()
{
    QString s = u"# bash completion for wirebench-cli, made by `wirebench-cli completion bash`\n"
                "# from the program's own command table.\n\n"
                "_wirebench_cli_commands="_s;
    QStringList words;
    for (const auto &c : commands())
        words << c.words;
    s += shellQuoted(words.join(u'\n')) + u"\n\n"_s;
    // Per command: its options, those that take a value, and how to
    // complete each value.
    s += u"_wirebench_cli_options() {\n    case \"$1\" in\n"_s;
    for (const auto &c : commands()) {
        QStringList names;
        for (const auto &o : withGlobal(c)) {
            names << o.name;
            if (!o.alias.isEmpty())
                names << o.alias;
        }
        s += u"        %1) echo %2 ;;\n"_s.arg(shellQuoted(c.words), shellQuoted(names.join(u' ')));
    }
    s += u"        *) echo '--db --json --help --version' ;;\n    esac\n}\n\n"_s;
    s += u"# prints \"none\", \"word\", \"file\", \"dir\" or \"choice WORD...\"\n"
         "_wirebench_cli_value() {\n    case \"$1|$2\" in\n"_s;
    for (const auto &c : commands())
        for (const auto &o : withGlobal(c)) {
            QString kind;
            switch (valueKind(o)) {
            case ValueKind::None: continue;
            case ValueKind::Word: kind = u"word"_s; break;
            case ValueKind::File: kind = u"file"_s; break;
            case ValueKind::Directory: kind = u"dir"_s; break;
            case ValueKind::Choice: kind = u"choice "_s + QString(o.value).replace(u'|', u' '); break;
            }
            s += u"        %1) echo %2 ;;\n"_s.arg(shellQuoted(c.words + u'|' + o.name), shellQuoted(kind));
        }
    s += u"        *\\|--db) echo file ;;\n        *) echo none ;;\n    esac\n}\n\n"_s;
    s += u"_wirebench_cli_operands() {\n    case \"$1\" in\n"_s;
    for (const auto &c : commands())
        if (!c.operandWords.isEmpty())
            s += u"        %1) echo %2 ;;\n"_s.arg(shellQuoted(c.words), shellQuoted(c.operandWords.join(u' ')));
    s += u"        *) ;;\n    esac\n}\n\n"_s;
    s += uR"SH(_wirebench_cli() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local typed="" cmd="" i w c
    # The command: the longest one whose words start the words typed so far
    # (global options and option values skipped).
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        case $w in
            --db) ((i++)); continue ;;
            -*) if [[ -n $cmd && $(_wirebench_cli_value "$cmd" "$w") != none ]]; then ((i++)); fi
                continue ;;
        esac
        [[ -n $cmd ]] && continue
        typed=${typed:+$typed }$w
        while IFS= read -r c; do
            [[ $c == "$typed" ]] && cmd=$c
        done <<< "$_wirebench_cli_commands"
    done
    if [[ $prev == -* && $COMP_CWORD -gt 1 ]]; then
        local kind
        kind=$(_wirebench_cli_value "$cmd" "$prev")
        case $kind in
            file) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
            dir) COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
            word) COMPREPLY=(); return ;;
            choice\ *) COMPREPLY=($(compgen -W "${kind#choice }" -- "$cur")); return ;;
        esac
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_wirebench_cli_options "$cmd")" -- "$cur"))
        return
    fi
    if [[ -z $cmd ]]; then
        # The next word of every command that starts with what was typed.
        local next=""
        while IFS= read -r c; do
            if [[ -z $typed ]]; then
                w=${c%% *}
            elif [[ $c == "$typed "* ]]; then
                w=${c#"$typed "}
                w=${w%% *}
            else
                continue
            fi
            [[ " $next " == *" $w "* ]] || next+=" $w"
        done <<< "$_wirebench_cli_commands"
        COMPREPLY=($(compgen -W "$next" -- "$cur"))
        return
    fi
    local operands
    operands=$(_wirebench_cli_operands "$cmd")
    if [[ -n $operands ]]; then
        COMPREPLY=($(compgen -W "$operands" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
    fi
}
complete -F _wirebench_cli wirebench-cli
)SH"_s;
    return s;
}

// An _arguments spec's text: brackets and colons are its syntax.
QString zshEscaped(const QString &text)
{
    QString t = text;
    t.replace(u'\\', u"\\\\"_s).replace(u'[', u"\\["_s).replace(u']', u"\\]"_s).replace(u':', u"\\:"_s);
    return t;
}

QString zshScript()
{
    QString s = u"#compdef wirebench-cli\n"
                "# zsh completion for wirebench-cli, made by `wirebench-cli completion zsh`\n"
                "# from the program's own command table.\n\n"
                "_wirebench-cli() {\n    local -a commands\n    commands=(\n"_s;
    for (const auto &c : commands())
        s += u"        "_s + shellQuoted(QString(c.words).replace(u':', u"\\:"_s) + u':' + c.summary) + u'\n';
    s += u"    )\n"_s;
    s += uR"SH(    local -a typed
    local i=2 cmd="" c
    while (( i < CURRENT )); do
        case $words[i] in
            --db) (( i++ )) ;;
            -*) ;;
            *) [[ -z $cmd ]] && typed+=($words[i]) ;;
        esac
        for c in ${commands%%:*}; do
            [[ $c == "${typed[*]}" ]] && cmd=$c
        done
        (( i++ ))
    done
    if [[ -z $cmd ]]; then
        local -a next
        for c in ${commands%%:*}; do
            if (( ${#typed} == 0 )); then
                next+=(${c%% *})
            elif [[ $c == "${typed[*]} "* ]]; then
                c=${c#"${typed[*]} "}
                next+=(${c%% *})
            fi
        done
        if [[ $PREFIX == -* ]]; then
            compadd -- --db --json --help --version
        else
            compadd -- ${(u)next}
        fi
        return
    fi
    local -a specs
    case $cmd in
)SH"_s;
    for (const auto &c : commands()) {
        s += u"        "_s + shellQuoted(c.words) + u")\n            specs=(\n"_s;
        for (const auto &o : withGlobal(c)) {
            QString action;
            switch (valueKind(o)) {
            case ValueKind::None: break;
            case ValueKind::Word: action = u':'+ zshEscaped(o.value) + u':'; break;
            case ValueKind::File: action = u':' + zshEscaped(o.value) + u":_files"_s; break;
            case ValueKind::Directory: action = u':' + zshEscaped(o.value) + u":_files -/"_s; break;
            case ValueKind::Choice:
                action = u':' + zshEscaped(o.value) + u":("_s + QString(o.value).replace(u'|', u' ') + u')';
                break;
            }
            for (const QString &name : {o.name, o.alias})
                if (!name.isEmpty())
                    s += u"                "_s + shellQuoted(name + u'[' + zshEscaped(o.meaning) + u']' + action) + u'\n';
        }
        const QString operand = c.operandWords.isEmpty() ? u"_files"_s : u"("_s + c.operandWords.join(u' ') + u')';
        s += u"                "_s + shellQuoted(u"*:argument:"_s + operand) + u"\n            ) ;;\n"_s;
    }
    s += uR"SH(    esac
    _arguments -s : $specs
}

_wirebench-cli "$@"
)SH"_s;
    return s;
}

int completionCommand(wb::cli::CliContext &ctx)
{
    if (ctx.args == QStringList{u"bash"_s}) {
        ctx.out << bashScript();
        return wb::cli::kExitOk;
    }
    if (ctx.args == QStringList{u"zsh"_s}) {
        ctx.out << zshScript();
        return wb::cli::kExitOk;
    }
    return wb::cli::usageError(ctx, u"name the shell: bash or zsh"_s);
}

} // namespace

WB_CLI_COMMAND(u"completion"_s, u"SHELL"_s,
               u"print the completion script for SHELL, bash or zsh (the package installs both)"_s, {}, completionCommand, true,
               {u"bash"_s, u"zsh"_s});
