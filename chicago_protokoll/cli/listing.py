"""What ``chicago --help`` lists, and the module of each command: written by
scripts/generate_listing.py from the command modules, where each command declares its
help and example.  Do not edit; run the script (tests/cli/test_listing.py checks it).

`cli.app` reads it so that ``chicago --help`` lists every command without importing a
command module, and a command line imports only its command's module.
"""

# (name, module of chicago_protokoll.cli, attribute of its Typer app, help), in the order
# of ``chicago --help``: the commands listed as the root's own (attribute ``app``), then
# the named groups.
LISTING: tuple[tuple[str, str, str, str], ...] = (
    ('new', 'record', 'app', 'Start a session: players in clockwise order; it becomes the current one.'),
    ('deal', 'record', 'app', 'Record one whole deal (giv) and print the standings.\n\nA köp left out (fewer --buy than the table scores) is a pass, and so is the showdown left out after the last trick: nobody had a hand there.'),
    ('buy', 'record', 'app', 'Best hand of the next scored köp of the current deal.'),
    ('declare', 'record', 'app', 'PLAYER declares Chicago, before the first lead.'),
    ('tricks', 'record', 'app', 'Last trick to PLAYER; after a Chicago: the declarer if it succeeded, else who broke it.'),
    ('showdown', 'record', 'app', 'Best hand shown after the tricks; ends the deal.'),
    ('royal', 'record', 'app', 'PLAYER shows a royal straight flush: the game is won at once.'),
    ('exchange', 'record', 'app', 'Cards PLAYER exchanged in the current köp.'),
    ('undo', 'record', 'app', 'Take back the last recorded event (with --deal: the whole last deal).'),
    ('penalty', 'record', 'app', "A penalty the table rules on: POINTS off PLAYER's total (the floor applies)."),
    ('forfeit', 'record', 'app', "PLAYER loses the game at once (a hand claimed and not shown): the others' best wins."),
    ('note', 'record', 'app', 'A remark on a deal; it changes no total, and may be written after the game too.'),
    ('again', 'correct', 'app', 'The next game at the same table: same players and seats (less --drop, with --add\nafter the last seat), same house rules; the next player clockwise after the previous\nfirst dealer deals first. It becomes the current session.'),
    ('edit', 'correct', 'app', 'Correct a recorded deal: only what the options name is replaced, and every deal\nafter it is replayed. `chicago undo` right after takes the correction back.'),
    ('status', 'read', 'app', 'The standings: totals, dealer and förhand, köpstopp, who may declare Chicago, what is next.'),
    ('log', 'read', 'app', "The protocol as on paper: a row per deal, each player's points and running total."),
    ('export', 'read', 'app', 'Export the game: every deal with its events and the running totals.'),
    ('settle', 'read', 'app', 'Who pays whom: each loser pays the difference to the winner times the stake.'),
    ('compare', 'read', 'app', "Which hand wins? Settles a dispute by poker order (and the table's tie rule)."),
    ('serve', 'serve', 'app', 'A live scoreboard: the sheet in a browser, updated as each event is recorded.'),
    ('play', 'play', 'app', 'Guided protocol: asks for each scoring moment of each deal and saves every answer.'),
    ('explain', 'explain', 'app', 'The replay told deal by deal: each event, the points it gave or took, the rule and\nhouse-rules key behind them, the running totals.'),
    ('why', 'explain', 'app', 'Answers to the questions asked at the table, each with the rules and keys behind it.'),
    ('chart', 'explain', 'app', 'The score race in the terminal: a line per player over the deals, with the target and\nköpstopp lines.'),
    ('stats', 'stats', 'app', "Wins, points, Chicagos, köpstopp, money, head to head and a rating over finished games.\n\nRanked by the rating's conservative estimate μ − 3σ (a skill the player is almost surely above), then by wins."),
    ('merge-driver', 'club', 'app', 'What git calls for a session or night file: a merge by event id (or by key).'),
    ('publish', 'publish', 'app', 'Write the results as a static site: the nights, the games, the players, the league.'),
    ('import', 'importing', 'app', 'Record a typed-up paper protocol into a session, all or nothing, totals checked.'),
    ('nights', 'nights', 'app', 'List the club nights: date, players, round or stage, open or closed.'),
    ('rules', 'rules', 'rules_app', 'House rules: show, write a file to edit, check a file.'),
    ('sessions', 'sessions', 'sessions_app', 'List, switch, show and remove sessions.'),
    ('night', 'night', 'night_app', 'A club night: several tables, rounds, seats drawn by lot, placement points.'),
    ('club', 'club', 'club_app', 'A club folder on many machines, kept with git: init, sync, conflicts, keep.'),
    ('completion', 'completion', 'completion_app', 'TAB completion for bash, zsh and fish.'),
)
