
#compdef chicago

_chicago_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _CHICAGO_COMPLETE=complete_zsh chicago)
}

compdef _chicago_completion chicago

