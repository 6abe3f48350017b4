"""The help texts of ``chicago`` in Swedish, for ``--lang sv`` or a Swedish locale.

The commands' help is written in English where it is declared (docstrings and
``help=`` in the modules of ``cli``, and Typer's own completion options); this
is its Swedish side, keyed by the English text exactly as Typer hands it to
Click.  `translate` puts it on the built Click command; `cli.app.run` calls it only
on the Swedish path and never while completing, so a TAB press, and this
module's import, cost the English path nothing.  tests/test_help_swedish.py
fails when a help text has no entry here, or an entry no longer matches one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Click's own help option ("Show this message and exit."), made on first use.
HELP_OPTION = "Visa den här hjälpen och avsluta."

HELP: dict[str, str] = {
    # -- the app and its options (cli.app, cli.common, Typer's completion options) ----------
    "Protokollförare for Chicago, the Swedish card game: record each deal, "
    "let the house rules do the scoring.": "Protokollförare för Chicago, det svenska "
    "kortspelet: för in varje giv, husreglerna sköter poängräkningen.",
    "Language of all output: sv or en (default: from LANG).": "Språk för allt som skrivs "
    "ut: sv eller en (förval: från LANG).",
    "Print the version and exit.": "Skriv ut versionen och avsluta.",
    "Example:": "Exempel:",
    "csv: plain (comma, for scripts) or excel (semicolon, CRLF, BOM, decimal "
    "comma: opens as columns in a Swedish Excel). Default: excel in Swedish, else plain.": (
        "csv: plain (komma, för skript) eller excel (semikolon, CRLF, BOM, decimalkomma: "
        "öppnas som kolumner i ett svenskt Excel). Förval: excel på svenska, annars plain."
    ),
    "Install completion for the current shell.": "Installera TAB-komplettering för "
    "det aktuella skalet.",
    "Show completion for the current shell, to copy it or customize the installation.": (
        "Visa TAB-kompletteringen för det aktuella skalet, för att kopiera den eller "
        "anpassa installationen."
    ),
    "Session name (default: the current session).": "Protokollets namn (förval: det "
    "aktuella protokollet).",
    "Work on a session file anywhere.": "Arbeta med en protokollfil var som helst.",
    "A player's name.": "En spelares namn.",
    "PLAYER:HAND (hand by name, Swedish or English, or five cards), 'pass' or 'tie'.": (
        "SPELARE:HAND (handen med namn, på svenska eller engelska, eller fem kort), "
        "'pass' eller 'tie' (lika)."
    ),
    "Print JSON for scripts.": "Skriv ut JSON för skript.",
    # -- cli.record -----------------------------------------------------------------
    "Start a session: players in clockwise order; it becomes the current one.": (
        "Börja ett protokoll: spelarna medurs; det blir det aktuella protokollet."
    ),
    "The session's name, e.g. fredag.": "Protokollets namn, t.ex. fredag.",
    "The players in clockwise seat order (2 or more).": "Spelarna i medurs "
    "sittordning (2 eller fler).",
    "A house-rules TOML file to copy into the session.": "En husregelfil (TOML) att "
    "kopiera in i protokollet.",
    "A built-in set of house rules, e.g. tournament.": "En inbyggd uppsättning "
    "husregler, t.ex. tournament.",
    "The first dealer (default: the first player).": "Första givaren (förval: första spelaren).",
    "Create the session file at PATH instead; later commands take --file PATH too.": (
        "Skapa protokollfilen vid PATH i stället; senare kommandon tar också --file PATH."
    ),
    "Record one whole deal (giv) and print the standings.": "För in en hel giv och "
    "skriv ut ställningen.",
    "Best hand of each scored köp, in order: PLAYER:HAND, pass or tie.": "Bästa handen i "
    "varje poänggivande köp, i ordning: SPELARE:HAND, pass eller tie (lika).",
    "PLAYER declared Chicago.": "SPELARE ropade Chicago.",
    "With --chicago: PLAYER took a trick and broke it.": "Med --chicago: SPELARE tog "
    "ett stick och bröt det.",
    "PLAYER took the last trick.": "SPELARE tog sista sticket.",
    "The last trick was won with a two.": "Sista sticket togs med en tvåa.",
    "Best hand after the tricks: PLAYER:HAND, pass or tie.": "Bästa handen efter "
    "sticken: SPELARE:HAND, pass eller tie (lika).",
    "PLAYER shows a royal straight flush: the game is over.": "SPELARE visar en royal "
    "straight flush: partiet är slut.",
    "PLAYER:N[,N[,N]] cards exchanged in köp 1, 2, 3.": "SPELARE:N[,N[,N]] kort bytta "
    "i köp 1, 2, 3.",
    "Best hand of the next scored köp of the current deal.": "Bästa handen i nästa "
    "poänggivande köp i den pågående given.",
    "PLAYER declares Chicago, before the first lead.": "SPELARE ropar Chicago, före "
    "första utspelet.",
    "Last trick to PLAYER; after a Chicago: the declarer if it succeeded, else who broke "
    "it.": "Sista sticket till SPELARE; efter ropad Chicago: den som ropade om den "
    "lyckades, annars den som bröt den.",
    "Best hand shown after the tricks; ends the deal.": "Bästa handen som visas efter "
    "sticken; avslutar given.",
    "PLAYER shows a royal straight flush: the game is won at once.": "SPELARE visar en "
    "royal straight flush: partiet är vunnet direkt.",
    "Cards PLAYER exchanged in the current köp.": "Kort som SPELARE bytte i det pågående köpet.",
    "Cards exchanged in the current köp, 0-5.": "Bytta kort i det pågående köpet, 0-5.",
    "Take back the last recorded event (with --deal: the whole last deal).": "Ta tillbaka "
    "det senast införda (med --deal: hela den senaste given).",
    "Take back every event of the last deal (after a wrong `chicago deal`).": "Ta "
    "tillbaka allt i den senaste given (efter ett felaktigt `chicago deal`).",
    # -- cli.correct ----------------------------------------------------------------
    "The next game at the same table: same players and seats, same house rules; the\n"
    "player after the previous first dealer deals first. It becomes the current session.": (
        "Nästa parti vid samma bord: samma spelare på samma platser, samma husregler;\n"
        "spelaren efter förra partiets första givare ger först. Det blir det aktuella "
        "protokollet."
    ),
    "The new session's name (default: the previous one numbered, fredag-2).": "Det nya "
    "protokollets namn (förval: det förra numrerat, fredag-2).",
    "Correct a recorded deal: only what the options name is replaced, and every deal\n"
    "after it is replayed. `chicago undo` right after takes the correction back.": (
        "Rätta en förd giv: bara det som flaggorna nämner byts ut, och varje giv\n"
        "efter den spelas om. `chicago undo` direkt efteråt tar tillbaka rättelsen."
    ),
    "The deal (giv) to correct.": "Given som ska rättas.",
    "PLAYER took a trick and broke the Chicago.": "SPELARE tog ett stick och bröt Chicagon.",
    "There was no Chicago (then give --last-trick).": "Det var ingen Chicago (ange då "
    "--last-trick).",
    "Show the totals the correction would give; write nothing.": "Visa poängen som "
    "rättelsen skulle ge; skriv inget.",
    # -- cli.read -------------------------------------------------------------------
    "The standings: totals, dealer and förhand, köpstopp, who may declare Chicago, what is "
    "next.": "Ställningen: poäng, givare och förhand, köpstopp, vem som får ropa Chicago, "
    "vad som står på tur.",
    "The protocol as on paper: a row per deal, each player's points and running total.": (
        "Protokollet som på papper: en rad per giv, varje spelares poäng och löpande summa."
    ),
    "Export the game: every deal with its events and the running totals.": "Exportera "
    "partiet: varje giv med det som hände och de löpande summorna.",
    "json, csv, md or html.": "json, csv, md eller html.",
    "Write to FILE instead of printing ('-': standard output).": (
        "Skriv till FILE i stället för att skriva ut ('-': standard ut)."
    ),
    "Stake per point for the settlement (md, html).": "Insats per poäng för "
    "uppgörelsen (md, html).",
    "Who pays whom: each loser pays the difference to the winner times the stake.": (
        "Vem betalar vem: varje förlorare betalar poängskillnaden till vinnaren gånger insatsen."
    ),
    "Amount per point (typically 1 kr).": "Belopp per poäng (vanligen 1 kr).",
    "Which hand wins? Settles a dispute by poker order (and the table's tie rule).": (
        "Vilken hand vinner? Avgör en tvist efter pokerordningen (och bordets regel vid lika)."
    ),
    "Two or more hands: five cards like 'KH KS 9D 9H 3C' or a hand name.": "Två eller "
    "fler händer: fem kort som 'KH KS 9D 9H 3C' eller ett handnamn.",
    # -- cli.serve -----------------------------------------------------------------
    "A live scoreboard: the sheet in a browser, updated as each event is recorded.": (
        "En levande resultattavla: protokollet i en webbläsare, uppdaterat vid varje "
        "händelse som förs in."
    ),
    "Address to listen on; 0.0.0.0 lets phones on the network in.": "Adressen att lyssna "
    "på; 0.0.0.0 släpper in telefoner i nätverket.",
    "Port to listen on (0: any free port).": "Porten att lyssna på (0: valfri ledig port).",
    "Stake per point for the settlement shown.": "Insats per poäng för betalningen som visas.",
    # -- cli.play -------------------------------------------------------------------
    "Guided protocol: asks for each scoring moment of each deal and saves every answer.": (
        "Guidat protokoll: frågar efter varje poängmoment i varje giv och sparar varje svar."
    ),
    "The session: resumed if it exists, else created from PLAYERS.": "Protokollet: "
    "återupptas om det finns, annars skapas det av PLAYERS.",
    "The players in clockwise seat order, to create the session.": "Spelarna i medurs "
    "sittordning, för att skapa protokollet.",
    "A house-rules TOML file (new session).": "En husregelfil (TOML) (nytt protokoll).",
    "A built-in set of house rules (new session).": "En inbyggd uppsättning husregler "
    "(nytt protokoll).",
    "The first dealer (new session).": "Första givaren (nytt protokoll).",
    "Amount per point for the settlement at the end.": "Belopp per poäng för "
    "uppgörelsen på slutet.",
    # -- cli.explain ----------------------------------------------------------------
    "The replay told deal by deal: each event, the points it gave or took, the rule and\n"
    "house-rules key behind them, the running totals.": "Partiet berättat giv för giv: "
    "varje händelse, poängen den gav eller tog, regeln och\nhusregelnyckeln bakom dem, "
    "de löpande summorna.",
    "Only this deal (giv); default: every deal.": "Bara den här given; förval: varje giv.",
    "Only the points PLAYER got or lost, each with its rule.": "Bara poängen SPELARE fick "
    "eller förlorade, var och en med sin regel.",
    "Answers to the questions asked at the table, each with the rules and keys behind "
    "it.": "Svar på frågorna som ställs vid bordet, vart och ett med reglerna och nycklarna bakom.",
    "declare: may PLAYER declare Chicago now? köpstopp: when does PLAYER's köpstopp start? "
    "last-trick: why did PLAYER get, or not get, the last trick's points? points: every "
    "point PLAYER got or lost.": "declare: får SPELARE ropa Chicago nu? köpstopp: när "
    "börjar köpstopp för SPELARE? last-trick: varför fick, eller fick inte, SPELARE poängen "
    "för sista sticket? points: varje poäng SPELARE fick eller förlorade.",
    "The deal asked about (last-trick, points).": "Given som frågan gäller (last-trick, points).",
    "The score race in the terminal: a line per player over the deals, with the target "
    "and\nköpstopp lines.": "Poängracet i terminalen: en linje per spelare över givarna, "
    "med linjerna för mål och\nköpstopp.",
    "Columns to draw in.": "Kolumner att rita i.",
    "Rows of points.": "Rader av poäng.",
    # -- cli.rules ------------------------------------------------------------------
    "House rules: show, write a file to edit, check a file.": "Husregler: visa, skriv en "
    "fil att redigera, kontrollera en fil.",
    "The current session's house rules (the main rule if there is no session).": (
        "Det aktuella protokollets husregler (huvudregeln om det inte finns något protokoll)."
    ),
    "Write a commented house-rules file to edit.": "Skriv en kommenterad husregelfil att redigera.",
    "Where to write (default: the saved house rules new sessions start from).": "Var den "
    "ska skrivas (förval: de sparade husregler som nya protokoll börjar från).",
    "Start from this preset.": "Börja från den här förinställningen.",
    "Overwrite an existing file.": "Skriv över en befintlig fil.",
    "Check a house-rules file: every problem is listed with its key.": "Kontrollera en "
    "husregelfil: varje problem listas med sin nyckel.",
    "A house-rules TOML file.": "En husregelfil (TOML).",
    "List the built-in presets.": "Lista de inbyggda förinställningarna av husregler.",
    # -- cli.sessions ---------------------------------------------------------------
    "List, switch, show and remove sessions.": "Lista, byt, visa och ta bort protokoll.",
    "Make NAME the current session.": "Gör NAME till det aktuella protokollet.",
    "The session to make current.": "Protokollet som ska bli aktuellt.",
    "Where a session's file is, its players and rules, and its standings.": "Var ett "
    "protokolls fil finns, dess spelare och husregler, och dess ställning.",
    "A session (default: the current one).": "Ett protokoll (förval: det aktuella).",
    "Delete a session file (asks first).": "Radera en protokollfil (frågar först).",
    "The session to delete.": "Protokollet som ska raderas.",
    "Do not ask for confirmation.": "Fråga inte om bekräftelse.",
    # -- cli_stats -----------------------------------------------------------------
    "Wins, points, Chicagos, köpstopp, money, head to head and a rating over finished "
    "games.": "Vinster, poäng, Chicago, köpstopp, pengar, inbördes möten och en rankning "
    "över färdigspelade partier.",
    "Amount per point for the money column (default 1).": "Belopp per poäng för "
    "pengakolumnen (förval 1).",
    "Only games started on or after YYYY-MM-DD (or 'today').": "Bara partier som började "
    "ÅÅÅÅ-MM-DD eller senare (eller 'idag').",
    "Only games started on or before YYYY-MM-DD (or 'today').": "Bara partier som började "
    "ÅÅÅÅ-MM-DD eller tidigare (eller 'idag').",
    "Show only this player and their record against each opponent (repeatable).": "Visa "
    "bara den här spelaren och hens resultat mot varje motståndare (kan upprepas).",
    "Leave out players with fewer finished games.": "Utelämna spelare med färre "
    "färdigspelade partier.",
    "Also count the sessions in DIR, e.g. a folder the club shares (repeatable).": "Räkna "
    "också protokollen i DIR, t.ex. en mapp som klubben delar (kan upprepas).",
    "table, json or html (one self-contained page).": "table, json eller html (en "
    "fristående sida).",
}


def _swedish(text: str | None) -> str | None:
    return HELP.get(text, text) if text else text


def translate(command: Any) -> None:
    """Put the Swedish help on a Click command, its parameters and its sub-commands."""
    command.help = _swedish(command.help)
    command.short_help = _swedish(command.short_help)
    for param in command.params:
        # Options are Click's; arguments are Typer's (TyperArgument keeps its help too).
        if getattr(param, "help", None):
            param.help = _swedish(param.help)
    # The help option is made on first use (Command.get_help_option): translate it then.
    command.get_help_option = _with_swedish_help(command.get_help_option)
    for sub in getattr(command, "commands", {}).values():
        translate(sub)


def _with_swedish_help(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            option.help = HELP_OPTION
        return option

    return get_help_option
