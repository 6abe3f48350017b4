"""The bash completion script: Typer's, taught that a hand follows ``PLAYER:``.

bash splits the word being completed at every character of ``COMP_WORDBREAKS``,
which holds ``:`` (for ``scp host:path``), so ``chicago buy Anna:kå`` reaches the
completion function as the words ``Anna``, ``:``, ``kå``, and whatever it offers
replaces only ``kå``.  The function below joins such pieces back before asking
``chicago`` (so Typer, and the fast path, see ``Anna:kå`` and offer ``Anna:kåk``),
then drops the part up to the last ``:`` from each answer, as bash-completion's
``__ltrim_colon_completions`` does.  zsh and fish keep the word whole.

`use` puts it where Typer takes the bash script from, both for ``_CHICAGO_COMPLETE=
source_bash`` (completions/chicago.bash is that output) and for
``--show-completion``/``--install-completion``.
"""

from . import typer_seams

# Python %-formatting, as Typer's own template: a literal % is written %%.
BASH = r"""
%(complete_func)s() {
    local IFS=$'\n'
    local words=() cword=0 i word glue=0
    # "Anna:kå" arrives as Anna, :, kå (bash breaks words at ':'): join it back.
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        word=${COMP_WORDS[i]}
        if ((i > 0)) && [[ $word =~ ^:+$ ]]; then
            words[${#words[@]}-1]+=$word
            glue=1
        elif ((glue)) && [[ -n $word ]]; then
            words[${#words[@]}-1]+=$word
            glue=0
        else
            words+=("$word")
            glue=0
        fi
        if ((i == COMP_CWORD)); then
            cword=$((${#words[@]} - 1))
        fi
    done
    COMPREPLY=( $( env COMP_WORDS="${words[*]}" \
                   COMP_CWORD=$cword \
                   %(autocomplete_var)s=complete_bash $1 ) )
    # bash replaces only what follows the last ':' of the word: offer just that part.
    local current=${words[cword]}
    if [[ $current == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local prefix=${current%%"${current##*:}"}
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]#"$prefix"}
        done
    fi
    return 0
}

complete -o default -F %(complete_func)s %(prog_name)s
"""


def use() -> None:
    """Make BASH the script Typer prints and installs for bash."""
    typer_seams.use_bash_script(BASH)
