
_chicago_completion() {
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
                   _CHICAGO_COMPLETE=complete_bash $1 ) )
    # bash replaces only what follows the last ':' of the word: offer just that part.
    local current=${words[cword]}
    if [[ $current == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local prefix=${current%"${current##*:}"}
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]#"$prefix"}
        done
    fi
    return 0
}

complete -o default -F _chicago_completion chicago

