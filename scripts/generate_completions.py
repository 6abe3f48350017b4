"""Write the static TAB completion scripts in completions/ from the `chicago` app's Click tree.

The scripts hold every command, subcommand, option and choice as plain shell words, so
a TAB on any of them runs no Python at all (shtab's way, docs/design.md).  Only a name
runs ``chicago``: a session name, a player, or ``PLAYER:`` and a hand, which
``_CHICAGO_COMPLETE=names chicago KIND PREFIX SESSION FILE`` answers
(chicago_protokoll/store/completion.py) without loading Typer, Click or the core.  The
data directory those names come from is asked once in a shell
(``_CHICAGO_COMPLETE=data-dir chicago``) and kept, with the values of the variables
platformdirs reads (`locations._PLATFORM_ENV`, written into the scripts from there) to
notice when to ask again.

What each parameter completes is read from the tree (`typer.main.get_command(app)`),
through Click's public ``Parameter.shell_complete``: a choice (``--format``,
``--preset``, ``--lang``, the questions of ``why``) offers its words, a path offers
files, and a parameter whose completion callback asks `store.completion.offered` for
a KIND (cli/common.py) completes that kind of name.

    python scripts/generate_completions.py           # rewrite the files
    python scripts/generate_completions.py --check   # exit 1 if a file has drifted

tests/cli/test_completion_scripts.py regenerates them in memory and compares (drift),
and drives each script in a real bash, zsh and fish.

The files, each script once, under the names each shell loads on its own, which the
wheel installs as data (pyproject.toml, [tool.setuptools.data-files]) and a checkout
sources: completions/bash/chicago (bash-completion; or ``source`` it in ~/.bashrc),
completions/zsh/_chicago (an autoloaded function on zsh's fpath) and
completions/fish/chicago.fish (fish's vendor_completions.d).  zsh's one file serves both
ways zsh loads it: autoloaded from ``fpath``, or ``source``d after ``compinit``.
``chicago completion install`` (cli/completion.py) copies the bash and fish scripts to
where those shells look in the user's home, and gives zsh's ``fpath`` line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

COMPLETIONS = Path(__file__).resolve().parent.parent / "completions"
PROG = "chicago"
# A word the scripts hold without quoting, in every shell.
_PLAIN = re.compile(r"[\w][\w.+:-]*")
# The parameters whose values say whose names to offer: cli/common.py's completion
# callbacks read them from the command line (``ctx.params``), so the scripts note them.
NAMES_FROM = ("session", "file")


@dataclass
class Command:
    """One command (``""`` the root, ``"sessions use"``) as the scripts need it."""

    path: str
    subcommands: dict[str, str] = field(default_factory=dict)  # name -> short help
    flags: dict[str, str] = field(default_factory=dict)  # option -> help
    valued: dict[str, tuple[str, str]] = field(default_factory=dict)  # option -> (spec, help)
    arguments: list[str] = field(default_factory=list)  # the spec of each positional
    repeats: bool = False  # the last positional takes any number of words
    names_from: dict[str, str] = field(default_factory=dict)  # option -> a NAMES_FROM


# A spec says how one value completes: "" nothing (free text), "f" files, "d" directories,
# "w:WORD WORD..." those words, "n:KIND" names through `store.completion` (session, player, who).


def _spec(command: Any, ctx: Any, param: Any) -> str:
    from chicago_protokoll.store import completion

    asked: list[str] = []

    def record(kind: str, *_: object) -> list[str]:
        asked.append(kind)
        return []

    with mock.patch.object(completion, "offered", record):
        items = param.shell_complete(ctx, "")
    if asked:
        assert set(asked) <= set(completion.KINDS), asked
        return f"n:{asked[0]}"
    kinds = {item.type for item in items}
    # Click's path types offer a "file" or "dir" item; Typer's offer none and are known by
    # their names (click.Path: "file", "directory" or "path"; click.File: "filename").
    if "dir" in kinds or (not items and param.type.name == "directory"):
        return "d"
    if "file" in kinds or (not items and param.type.name in ("file", "path", "filename")):
        return "f"
    words = [str(item.value) for item in items]
    for word in words:
        if not _PLAIN.fullmatch(word):
            raise SystemExit(f"{command.name}: the choice {word!r} needs quoting in a shell script")
    return "w:" + " ".join(words) if words else ""


def _help(text: str | None) -> str:
    """The first sentence of a help text, on one line, as the shells show beside a word."""
    line = " ".join((text or "").split())
    first = re.split(r"(?<=[.!?])\s(?=[A-Z])", line, maxsplit=1)[0]
    return first.rstrip(".")


def model() -> list[Command]:
    """Every command of the app, the root first, in the order of ``chicago --help``."""
    import typer.main

    from chicago_protokoll.cli.app import app

    found: list[Command] = []

    def walk(command: Any, path: str, parent: Any) -> None:
        name = path.rpartition(" ")[2] or PROG
        ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
        entry = Command(path)
        params = [*command.get_params(ctx)]
        for param in params:
            if getattr(param, "hidden", False):
                continue
            if param.param_type_name == "argument":
                if param.nargs == -1:
                    entry.repeats = True
                elif param.nargs != 1:
                    raise SystemExit(f"{path}: an argument of {param.nargs} words")
                entry.arguments.append(_spec(command, ctx, param))
                continue
            texts = _help(param.help)
            # long before short (Click keeps the help option's names in a set: no order)
            opts = sorted([*param.opts, *param.secondary_opts], key=lambda o: not o.startswith("--"))
            for opt in opts:
                if param.is_flag or param.count:
                    entry.flags[opt] = texts
                elif param.nargs != 1:
                    raise SystemExit(f"{path}: the option {opt} takes {param.nargs} values")
                else:
                    entry.valued[opt] = (_spec(command, ctx, param), texts)
                    if param.name in NAMES_FROM:
                        entry.names_from[opt] = param.name
        found.append(entry)
        subcommands = getattr(command, "commands", {})
        for sub_name in command.list_commands(ctx) if subcommands else []:
            sub = command.get_command(ctx, sub_name)
            if sub is None or sub.hidden:
                continue
            entry.subcommands[sub_name] = _help(sub.get_short_help_str(limit=200))
            walk(sub, f"{path} {sub_name}".strip(), ctx)

    walk(typer.main.get_command(app), "", None)
    return found


def _name_options(commands: list[Command]) -> tuple[list[str], list[str]]:
    """The option strings of the parameters ``session`` and ``file`` (--session, -s; --file,
    -f): the scripts pass their values on, as the callbacks read them."""
    found: dict[str, set[str]] = {name: set() for name in NAMES_FROM}
    for c in commands:
        for opt, name in c.names_from.items():
            found[name].add(opt)
    return sorted(found["session"]), sorted(found["file"])


# -- bash ---------------------------------------------------------------------------------

# The lookup tables, the same in bash and zsh (both read this shell syntax): what
# follows a command, the options of a command, an option's values, an argument's kind.
_TABLES = r"""_chicago_subcommands() {
    case $1 in
%(subcommands)s
    *) return 1 ;;
    esac
}

_chicago_options() {
    case $1 in
%(options)s
    esac
}

_chicago_value() {
    case "$1|$2" in
%(values)s
    *) return 1 ;;
    esac
}

_chicago_argument() {
    case "$1|$2" in
%(arguments)s
    *) REPLY="" ;;
    esac
}
"""

_BASH = r"""# bash completion for chicago: generated by scripts/generate_completions.py from the
# app's Click tree; do not edit. Commands, options and choices complete without Python;
# only a name runs `_CHICAGO_COMPLETE=names chicago KIND PREFIX SESSION FILE [ARGUMENT...]`
# (and, once in a shell, `_CHICAGO_COMPLETE=data-dir chicago`).

""" + _TABLES + r"""
# A word as the command will get it: without quotes or backslashes.
_chicago_dequote() {
    REPLY=$1
    case $REPLY in
    \"*) REPLY=${REPLY#\"}; REPLY=${REPLY%%\"} ;;
    \'*) REPLY=${REPLY#\'}; REPLY=${REPLY%%\'} ;;
    *) REPLY=${REPLY//\\/} ;;
    esac
}

_chicago_escape() {
    local text=$1 char i
    REPLY=""
    for ((i = 0; i < ${#text}; i++)); do
        char=${text:i:1}
        case $char in
        [[:space:]\'\"\\\$\`\(\)\&\;\|\<\>\!\*\?\[\]\#\{\}~]) REPLY+="\\$char" ;;
        *) REPLY+=$char ;;
        esac
    done
}

%(data_comment)s
_chicago_data() {
    [[ -z ${%(home_env)s-} ]] || return 1
    local env answer
    env=%(platform_env)s  # each variable platformdirs reads as =VALUE, or "" unset
    if [[ $env != "${_chicago_data_env-}" || -z ${_chicago_data_dir-} ]]; then
        _chicago_data_env=$env _chicago_data_key="" _chicago_data_dir=""
        answer=$(_CHICAGO_COMPLETE=data-dir "$1" 2>/dev/null)
        [[ $answer == ?*$'\n'?* ]] || return 1  # a key and a directory, a line each
        _chicago_data_key=${answer%%%%$'\n'*} _chicago_data_dir=${answer#*$'\n'}
    fi
    [[ -n $_chicago_data_dir ]]
}

_chicago_names() {
    local program=$1 kind=$2 word=$3 quote="" prefix="" name found dir="" key=""
    case $word in
    \"* | \'*) quote=${word:0:1} ;;
    esac
    _chicago_dequote "$word"
    word=$REPLY
    if _chicago_data "$program"; then
        dir=$_chicago_data_dir key=$_chicago_data_key
    fi
    local IFS=$'\n'
    found=($(_CHICAGO_DATA_DIR=$dir _CHICAGO_DATA_KEY=$key _CHICAGO_COMPLETE=names "$program" "$kind" "$word" "${@:4}" 2>/dev/null))
    if [[ -n $quote && ${#found[@]} == 1 && ${found[0]} == *: ]]; then
        # Inside quotes readline would close them after a single match ("Cilla:"): offer
        # that player's hands instead, so it inserts what they share, "Cilla: and no more.
        found=($(_CHICAGO_DATA_DIR=$dir _CHICAGO_DATA_KEY=$key _CHICAGO_COMPLETE=names "$program" "$kind" "${found[0]}" "${@:4}" 2>/dev/null))
    fi
    # Unquoted, bash replaces only what follows the last ':' of the word
    # (COMP_WORDBREAKS holds ':'): offer just that part.
    if [[ -z $quote && $word == *:* && $COMP_WORDBREAKS == *:* ]]; then
        prefix=${word%%"${word##*:}"}
    fi
    COMPREPLY=()
    for name in "${found[@]}"; do
        name=${name#"$prefix"}
        if [[ -z $quote ]]; then
            _chicago_escape "$name"
            name=$REPLY
        fi
        COMPREPLY+=("$name")
    done
    if [[ ${found[0]-} == *: ]]; then
        compopt -o nospace  # the hand follows: Anna:kåk
    fi
}

_chicago() {
    local IFS=$' \t\n'
    local words=() cword=0 i word glue=0
    # "Anna:kå" arrives as Anna, :, kå (bash breaks words at ':'): join it back.
    for ((i = 0; i < ${#COMP_WORDS[@]} && i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((i > 1)) && [[ $word =~ ^:+$ ]]; then
            words[${#words[@]} - 1]+=$word
            glue=1
        elif ((glue)) && [[ -n $word ]]; then
            words[${#words[@]} - 1]+=$word
            glue=0
        else
            words+=("$word")
            glue=0
        fi
        if ((i == COMP_CWORD)); then
            cword=$((${#words[@]} - 1))
        fi
    done
    local command="" count=0 expect="" session="" file="" spec current REPLY
    local arguments=()  # the command's positional words so far, as it will get them
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        if [[ -n $expect ]]; then
            [[ $word == "=" ]] && continue  # --session=NAME: bash breaks words at '=' too
            _chicago_dequote "$word"
            case $expect in
            %(session_options)s) session=$REPLY ;;
            %(file_options)s) file=$REPLY ;;
            esac
            expect=""
            continue
        fi
        case $word in
        -*=*) ;;
        -*) _chicago_value "$command" "$word" && expect=$word ;;
        *)
            if _chicago_subcommands "$command" && [[ " $REPLY " == *" $word "* ]]; then
                command=${command:+$command }$word
                count=0
                arguments=()
            else
                count=$((count + 1))
                _chicago_dequote "$word"
                arguments+=("$REPLY")
            fi
            ;;
        esac
    done
    current=${words[cword]}
    if [[ -n $expect ]]; then
        _chicago_value "$command" "$expect"
        [[ $current == "=" ]] && current=""
    elif [[ $current == -* ]]; then
        _chicago_options "$command"
        REPLY="w:$REPLY"
    elif _chicago_subcommands "$command"; then
        REPLY="w:$REPLY"
    else
        _chicago_argument "$command" "$count"
    fi
    spec=$REPLY
    COMPREPLY=()
    case $spec in
    w:*) COMPREPLY=($(compgen -W "${spec#w:}" -- "$current")) ;;
    f) compopt -o default ;;
    d) compopt -o dirnames ;;
    n:*) _chicago_names "$1" "${spec#n:}" "$current" "$session" "$file" "${arguments[@]}" ;;
    esac
    return 0
}

complete -F _chicago chicago
"""


# -- the data directory ---------------------------------------------------------------------

# The same in the three scripts, before their function that keeps the data directory.
_DATA_COMMENT = """\
# The data directory the names come from, as `chicago` finds it without %(home_env)s
# (platformdirs, which costs a TAB more than the rest of it): asked once in a shell,
# with `_CHICAGO_COMPLETE=data-dir chicago`, which prints a key of the environment and
# the directory, a line each, and again when a variable platformdirs reads has changed.
# Each names call gets both, and chicago takes the directory only if the key is still
# its environment's (store/completion.py): a stale copy costs time, never a wrong name.
# With %(home_env)s set there is nothing to ask; a failed run keeps nothing."""


def _platform_env() -> tuple[str, ...]:
    """What platformdirs reads (`locations._PLATFORM_ENV`, the one list), each a plain
    variable name a script can hold unquoted."""
    from chicago_protokoll.store.locations import _PLATFORM_ENV

    for name in _PLATFORM_ENV:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise SystemExit(f"{name!r} is no shell variable name")
    return _PLATFORM_ENV


def _data_words() -> dict[str, str]:
    from chicago_protokoll.store.locations import HOME_ENV

    return {"home_env": HOME_ENV, "data_comment": _DATA_COMMENT % {"home_env": HOME_ENV}}


def _case(pattern: str, body: str) -> str:
    return f"    {pattern}) {body} ;;"


def _sh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def bash(commands: list[Command]) -> str:
    return _fill(_BASH, commands)


# -- zsh ----------------------------------------------------------------------------------

_ZSH = r"""# zsh completion for chicago: generated by scripts/generate_completions.py from the
# app's Click tree; do not edit. Commands, options and choices complete without Python;
# only a name runs `_CHICAGO_COMPLETE=names chicago KIND PREFIX SESSION FILE [ARGUMENT...]`
# (and, once in a shell, `_CHICAGO_COMPLETE=data-dir chicago`).

""" + _TABLES + r"""
# What zsh shows: each command or option with its help, as WORD:HELP for _describe.
_chicago_described() {
    case "$1|$2" in
%(described)s
    *) reply=() ;;
    esac
}

%(data_comment)s
_chicago_data() {
    [[ -z ${%(home_env)s-} ]] || return 1
    local env answer
    env=%(platform_env)s  # each variable platformdirs reads as =VALUE, or "" unset
    if [[ $env != "${_chicago_data_env-}" || -z ${_chicago_data_dir-} ]]; then
        typeset -g _chicago_data_env=$env _chicago_data_key= _chicago_data_dir=
        answer=$(_CHICAGO_COMPLETE=data-dir "$1" 2>/dev/null)
        [[ $answer == ?*$'\n'?* ]] || return 1  # a key and a directory, a line each
        typeset -g _chicago_data_key=${answer%%%%$'\n'*} _chicago_data_dir=${answer#*$'\n'}
    fi
    [[ -n $_chicago_data_dir ]]
}

_chicago() {
    local command="" count=0 expect="" session="" file="" lead="" word current spec REPLY
    local data_dir="" data_key=""
    local -i i
    local -a found reply arguments
    for ((i = 2; i < CURRENT; i++)); do
        word=${(Q)words[i]}
        if [[ -n $expect ]]; then
            case $expect in
            %(session_options)s) session=$word ;;
            %(file_options)s) file=$word ;;
            esac
            expect=""
            continue
        fi
        case $word in
        -*=*)
            case ${word%%%%=*} in
            %(session_options)s) session=${word#*=} ;;
            %(file_options)s) file=${word#*=} ;;
            esac
            ;;
        -*) _chicago_value "$command" "$word" && expect=$word ;;
        *)
            if _chicago_subcommands "$command" && [[ " $REPLY " == *" $word "* ]]; then
                command=${command:+$command }$word
                count=0
                arguments=()
            else
                count=$((count + 1))
                arguments+=("$word")
            fi
            ;;
        esac
    done
    current=${(Q)PREFIX}
    if [[ -z $expect && $current == -*=* ]] && _chicago_value "$command" "${current%%%%=*}"; then
        expect=${current%%%%=*}
        compset -P '*='
        lead=$IPREFIX  # compadd -U replaces the whole word, --session= included
        current=${(Q)PREFIX}
    fi
    if [[ -n $expect ]]; then
        _chicago_value "$command" "$expect"
    elif [[ $current == -* ]]; then
        _chicago_described options "$command"
        _describe -t options option reply  # each with its help beside it
        return
    elif _chicago_subcommands "$command"; then
        _chicago_described commands "$command"
        _describe -t commands command reply
        return
    else
        _chicago_argument "$command" "$count"
    fi
    spec=$REPLY
    case $spec in
    w:*) compadd -- ${=spec#w:} ;;
    f) _files ;;
    d) _files -/ ;;
    n:*)
        if _chicago_data "${words[1]}"; then
            data_dir=$_chicago_data_dir data_key=$_chicago_data_key
        fi
        found=(${(f)"$(_CHICAGO_DATA_DIR=$data_dir _CHICAGO_DATA_KEY=$data_key _CHICAGO_COMPLETE=names ${words[1]} ${spec#n:} "$current" "$session" "$file" "${arguments[@]}" 2>/dev/null)"})
        if [[ ${found[1]-} == *: ]]; then
            compadd -U -S '' -- ${lead}${^found}  # the hand follows: Anna:kåk
        else
            compadd -U -- ${lead}${^found}
        fi
        ;;
    esac
}
"""


def zsh(commands: list[Command]) -> str:
    """_chicago, zsh's script: autoloaded from a directory on ``fpath`` (compinit runs the
    file as the function's body: it defines the functions, then completes; later TABs call
    the defined _chicago), or ``source``d after compinit (then it ends in ``compdef``)."""
    return (
        f"#compdef {PROG}\n\n{_fill(_ZSH, commands)}\n"
        "if [[ ${zsh_eval_context[-1]} == file ]]; then  # sourced\n"
        f"    compdef _chicago {PROG}\n"
        "else  # autoloaded: this is the first call of _chicago\n"
        '    _chicago "$@"\n'
        "fi\n"
    )


def _option_help(command: Command) -> dict[str, str]:
    """Each option of ``command`` with its help: those taking a value, then the flags."""
    return {opt: text for opt, (_, text) in command.valued.items()} | command.flags


def _zsh_reply(described: dict[str, str]) -> str:
    """``reply=('WORD:HELP' ...)``, as zsh's _describe reads them (a ':' in WORD escaped)."""
    pairs = " ".join(
        _sh_quote(word.replace(":", "\\:") + (f":{text}" if text else ""))
        for word, text in described.items()
    )
    return f"reply=({pairs})"


def _fill(template: str, commands: list[Command]) -> str:
    """``template`` with the tables of ``commands`` as sh ``case`` arms (bash and zsh)."""
    subcommands, options, values, arguments, described = [], [], [], [], []
    for c in commands:
        if c.subcommands:
            subcommands.append(_case(_sh_quote(c.path), "REPLY=" + _sh_quote(" ".join(c.subcommands))))
            described.append(_case(_sh_quote(f"commands|{c.path}"), _zsh_reply(c.subcommands)))
        described.append(_case(_sh_quote(f"options|{c.path}"), _zsh_reply(_option_help(c))))
        options.append(_case(_sh_quote(c.path), "REPLY=" + _sh_quote(" ".join([*c.valued, *c.flags]))))
        for opt, (spec, _) in c.valued.items():
            values.append(_case(_sh_quote(f"{c.path}|{opt}"), f"REPLY={_sh_quote(spec)}"))
        for index, spec in enumerate(c.arguments):
            if spec:
                last = c.repeats and index == len(c.arguments) - 1
                pattern = _sh_quote(f"{c.path}|") + "*" if last else _sh_quote(f"{c.path}|{index}")
                arguments.append(_case(pattern, f"REPLY={_sh_quote(spec)}"))
    sessions, files = _name_options(commands)
    return template % {
        "subcommands": "\n".join(subcommands),
        "options": "\n".join(options),
        "values": "\n".join(values),
        "arguments": "\n".join(arguments),
        "described": "\n".join(described),
        "session_options": " | ".join(sessions),
        "file_options": " | ".join(files),
        **_data_words(),
        # each variable as "=VALUE", or nothing when unset: ${HOME+"=$HOME"} (the quotes
        # keep zsh from reading =WORD as the path of the command WORD)
        "platform_env": "$'\\n'".join(f'${{{name}+"=${name}"}}' for name in _platform_env()),
    }


# -- fish ---------------------------------------------------------------------------------

_FISH = r"""# fish completion for chicago: generated by scripts/generate_completions.py from the
# app's Click tree; do not edit. Commands, options and choices complete without Python;
# only a name runs `_CHICAGO_COMPLETE=names chicago KIND PREFIX SESSION FILE [ARGUMENT...]`
# (and, once in a shell, `_CHICAGO_COMPLETE=data-dir chicago`).

function __chicago_subcommands -a command
    switch $command
%(subcommands)s
        case '*'
            return 1
    end
end

function __chicago_options -a command
    switch $command
%(options)s
    end
end

function __chicago_value -a command option
    switch "$command|$option"
%(values)s
        case '*'
            return 1
    end
end

function __chicago_argument -a command index
    switch "$command|$index"
%(arguments)s
    end
end

%(data_comment)s
function __chicago_data -a program
    test -z "$%(home_env)s"; or return 1
    set -l env ''  # each variable platformdirs reads as =VALUE, or "" unset
    for name in %(platform_env)s
        if set -q $name
            set env "$env"\n"=$$name"
        else
            set env "$env"\n
        end
    end
    if test "$env" != "$_chicago_data_env"; or test -z "$_chicago_data_dir"
        set -g _chicago_data_env $env
        set -g _chicago_data_key ''
        set -g _chicago_data_dir ''
        set -l answer (_CHICAGO_COMPLETE=data-dir $program 2>/dev/null)
        test (count $answer) -eq 2; or return 1  # a key and a directory, a line each
        set -g _chicago_data_key $answer[1]
        set -g _chicago_data_dir $answer[2]
    end
    test -n "$_chicago_data_dir"
end

function __chicago_complete
    set -l tokens (commandline -opc)
    set -l program $tokens[1]
    set -e tokens[1]
    set -l current (commandline -ct)
    set -l command ''
    set -l count 0
    set -l arguments
    set -l expect ''
    set -l session ''
    set -l file ''
    for word in $tokens
        if test -n "$expect"
            switch $expect
                case %(session_options)s
                    set session $word
                case %(file_options)s
                    set file $word
            end
            set expect ''
            continue
        end
        switch $word
            case '-*=*'
                set -l parts (string split -m 1 = -- $word)
                switch $parts[1]
                    case %(session_options)s
                        set session $parts[2]
                    case %(file_options)s
                        set file $parts[2]
                end
            case '-*'
                if __chicago_value "$command" $word >/dev/null
                    set expect $word
                end
            case '*'
                if contains -- $word (__chicago_subcommands "$command" | string replace -r '\t.*' '')
                    set command (string trim -- "$command $word")
                    set count 0
                    set arguments
                else
                    set count (math $count + 1)
                    set -a arguments $word
                end
        end
    end
    # The word being completed as the command will get it: without quotes or backslashes.
    switch $current
        case '"*'
            set current (string trim -c '"' -- $current)
        case "'*"
            set current (string trim -c "'" -- $current)
        case '*'
            set current (string replace -a '\\' '' -- $current)
    end
    set -l lead ''
    set -l spec
    if test -n "$expect"
        set spec (__chicago_value "$command" $expect)
    else if string match -q -- '-*=*' $current
        set -l parts (string split -m 1 = -- $current)
        set spec (__chicago_value "$command" $parts[1]); or return
        set lead "$parts[1]="
        set current $parts[2]
    else if string match -q -- '-*' $current
        __chicago_options "$command"
        return
    else if __chicago_subcommands "$command"
        return
    else
        set spec (__chicago_argument "$command" $count)
    end
    set -l found
    switch "$spec"
        case 'w:*'
            set found (string split ' ' -- (string sub -s 3 -- $spec))
        case f
            set found (__fish_complete_path $current)
        case d
            set found (__fish_complete_directories $current)
        case 'n:*'
            command -q $program; or return
            set -l dir ''
            set -l key ''
            if __chicago_data $program
                set dir $_chicago_data_dir
                set key $_chicago_data_key
            end
            set found (_CHICAGO_DATA_DIR="$dir" _CHICAGO_DATA_KEY="$key" _CHICAGO_COMPLETE=names $program (string sub -s 3 -- $spec) $current "$session" "$file" $arguments 2>/dev/null)
    end
    for item in $found
        echo $lead$item
    end
end

complete -c chicago -f -a '(__chicago_complete)'
"""


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_lines(described: dict[str, str]) -> str:
    """``printf`` of WORD<TAB>HELP lines, as fish shows a word with its description."""
    pairs = " ".join(f"{_fish_quote(word)} {_fish_quote(text)}" for word, text in described.items())
    return f"printf '%s\\t%s\\n' {pairs}"


def fish(commands: list[Command]) -> str:
    subcommands, options, values, arguments = [], [], [], []
    for c in commands:
        case = f"        case {_fish_quote(c.path)}"
        if c.subcommands:
            subcommands += [case, f"            {_fish_lines(c.subcommands)}"]
        options += [case, f"            {_fish_lines(_option_help(c))}"]
        for opt, (spec, _) in c.valued.items():
            values += [f"        case {_fish_quote(f'{c.path}|{opt}')}", f"            echo {_fish_quote(spec)}"]
        for index, spec in enumerate(c.arguments):
            if spec:
                last = c.repeats and index == len(c.arguments) - 1
                pattern = _fish_quote(f"{c.path}|") + "'*'" if last else _fish_quote(f"{c.path}|{index}")
                arguments += [f"        case {pattern}", f"            echo {_fish_quote(spec)}"]
    sessions, files = _name_options(commands)
    return (_FISH % {
        "subcommands": "\n".join(subcommands),
        "options": "\n".join(options),
        "values": "\n".join(values),
        "arguments": "\n".join(arguments),
        "session_options": " ".join(sessions),
        "file_options": " ".join(files),
        **_data_words(),
        "platform_env": " ".join(_platform_env()),
    })


# -- the files ----------------------------------------------------------------------------


def expected_files() -> dict[Path, str]:
    """Every file in completions/ and what it must hold, from the app as it is now."""
    commands = model()
    # Each script once, where the wheel takes it from (pyproject.toml's data-files) and
    # where a checkout sources it.
    return {
        COMPLETIONS / "bash" / PROG: bash(commands),
        COMPLETIONS / "zsh" / f"_{PROG}": zsh(commands),
        COMPLETIONS / "fish" / f"{PROG}.fish": fish(commands),
    }


def drifted() -> list[Path]:
    """The completion files that are missing or differ from what the app gives now."""
    return [
        path
        for path, text in expected_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument(
        "--check", action="store_true", help="report drifted files instead of writing them"
    )
    args = parser.parse_args(argv)
    os.environ.pop("_CHICAGO_COMPLETE", None)
    if args.check:
        stale = drifted()
        for path in stale:
            print(
                f"{path} differs from the app: run python scripts/generate_completions.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for path, text in expected_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
