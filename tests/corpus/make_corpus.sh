#!/usr/bin/env bash
# Writes the compatibility corpus with the `chicago` of one release:
#   tests/corpus/make_corpus.sh /path/to/that/release/bin/chicago tests/corpus/RELEASE
# Each file is written by that release's own commands (never by hand), and beside it
# `expected.json` holds what that release's `status --json` said of it, so a later
# release can be held to the same standings.  A change of a file format runs it with
# its own release (the one with the change), after adding here the lines that use the
# new key or event where the release has it, and commits the folder it writes in the
# same change (docs/architecture.md, the recipes; the corpus test wants a file of every
# format up to today's VERSION).
set -euo pipefail
chicago="$1"
out="$2"
home="$(mktemp -d)"
export CHICAGO_PROTOKOLL_HOME="$home" NO_COLOR=1 LANG=C.UTF-8
c() { "$chicago" "$@" >/dev/null; }

# Format 1, the main rule, finished: the seed-000 deal and on to 52.
c new standard-finished Anna Bo Cilla
c deal --buy Bo:two-pair --buy "Anna:två par" --last-trick Cilla --showdown Anna:two-pair
for _ in $(seq 1 5); do c deal --buy Anna:flush --last-trick Anna --showdown Bo:pair; done
# Format 1, unfinished, Swedish names, one moment at a time, a Chicago won and one broken.
c new söndag Åsa Örjan Ärla Dag --dealer Örjan
c buy "Åsa:kåk"
c exchange Åsa 3
c buy "Örjan:triss"
c exchange Örjan 2
c tricks Ärla
c showdown "Dag:KH KS 9D 9H 3C"
c deal --buy Åsa:fyrtal --buy Åsa:färgstege --last-trick Åsa --showdown Åsa:kåk
c deal --buy Åsa:par --chicago Åsa
c deal --buy Örjan:stege --chicago Åsa --broken-by Dag
c deal --buy tie --last-trick Dag --with-two --showdown pass
c buy pass
# Every preset, a few deals each (finished where a royal ends it).
for p in standard tournament pagat-old family straight-flush-11 straight-flush-wins chicago-required chicago-anytime big-table; do
  c new "preset-$p" Anna Bo Cilla --preset "$p"
  c deal --buy Anna:pair --buy Bo:straight --last-trick Cilla --showdown Bo:flush
  c deal --buy Cilla:four-of-a-kind --last-trick Anna --showdown Anna:full-house
done
c new preset-big-table-six A B C D E F --preset big-table
c deal --buy F:pair --last-trick E --showdown D:straight
c deal --royal Cilla --session preset-standard
# Format 2: a correction recorded in the file.
c new corrected Anna Bo Cilla
c deal --buy Anna:pair --last-trick Bo --showdown Cilla:pair
c deal --buy Bo:flush --last-trick Cilla --showdown Anna:pair
c edit 1 --last-trick Cilla
# Custom rules from a file: no floor, no köpstopp, Chicago 10/-10, 51, ties by suit.
cat >"$home/custom.toml" <<'TOML'
[game]
target = 51
[scoring]
floor = false
last_trick_with_two = 10
[hands]
ties = "suit"
four_of_a_kind_zeroes = "choice"
[chicago]
success = 10
failure = -10
min_score = 0
[buy_stop]
threshold = false
TOML
c new custom Anna Bo --rules "$home/custom.toml"
c deal --buy Anna:pair --chicago Anna --broken-by Bo
c deal --buy Bo:four-of-a-kind --last-trick Anna --with-two --showdown Bo:pair
# The saved house rules `chicago new` starts from, and a session made from them.
"$chicago" rules init --preset tournament "$home/house-rules.toml" >/dev/null
c new from-saved Anna Bo Cilla Dag
c deal --buy Dag:triss --last-trick Anna --showdown Bo:par
# Finished by a game-winning straight flush (straight-flush-wins).
c new instant-win Anna Bo Cilla --preset straight-flush-wins
c deal --buy Anna:straight-flush

# From the release with the club night (format 3 sessions, night files): the revisor's
# entries in a session of their own, and a night of two rounds with a forfeit.
if "$chicago" night --help >/dev/null 2>&1; then
  c new revisor Anna Bo Cilla
  c penalty Bo 2 --reason "före första given"
  c deal --buy Anna:kåk --buy Anna:kåk --last-trick Anna --showdown Bo:par
  c penalty Anna 5 --reason "köpte för tidigt"
  c note "felgiv, omgiven" --deal 1
  c deal --buy Bo:triss --last-trick Cilla --showdown Cilla:par
  c note "Cilla vann sista sticket med en tvåa men sa det för sent"
  c new forfeited Anna Bo Cilla Dag
  c deal --buy Dag:stege --last-trick Bo --showdown Anna:par
  c forfeit Dag --reason "visade inte stegen"
  c note "domaren kallad"
  "$chicago" night new klubb Anna Bo Cilla Dag Eva Filip Gun --rounds 2 --points 20,12,8,5 --seed 5 >/dev/null
  for table in $("$chicago" night status klubb --json | python3 -c 'import json,sys; print(" ".join(t["session"] for t in json.load(sys.stdin)["tables"]))'); do
    first=$("$chicago" status --json --session "$table" | python3 -c 'import json,sys; print(json.load(sys.stdin)["dealer"])')
    c deal --session "$table" --buy "$first:kåk" --last-trick "$first" --showdown "$first:par"
    c royal "$first" --session "$table"
  done
  "$chicago" night draw klubb >/dev/null
  "$chicago" night leave Gun klubb >/dev/null
fi

# From the release that takes points off an opponent (format 4: the rule, an `opponent`).
if "$chicago" new --help | grep from-opponent >/dev/null; then
  c new taken-from Anna Bo Cilla --preset from-opponent
  c deal --buy Bo:kåk --buy Cilla:färg --last-trick Cilla --showdown pass
  c deal --buy Anna:kåk:från:Bo --last-trick Bo:från:Cilla --showdown Cilla:par:from:Bo
  c edit 2 --last-trick Anna
fi

# From the release with ids (format 5): every event and correction has one, `undo` keeps
# what it took back; nights of stages and a closed night.
if "$chicago" night advance --help >/dev/null 2>&1; then
  # Each unfinished game of night $1 ends at once: a köp, the last trick, a royal.
  finish_games() {
    "$chicago" night status "$1" --json | python3 -c '
import json, sys
for table in json.load(sys.stdin)["tables"]:
    if not table["finished"]:
        print(table["session"], table["dealer"])' | while read -r table dealer; do
      c deal --session "$table" --buy "$dealer:kåk" --last-trick "$dealer" --showdown pass
      c royal "$dealer" --session "$table"
    done
  }
  c new ids Anna Bo Cilla
  c deal --buy Anna:pair --last-trick Bo --showdown Cilla:pair
  c deal --buy Bo:flush --last-trick Cilla --showdown Anna:pair
  c buy Cilla:kåk
  c undo
  c edit 1 --last-trick Cilla
  c note "Bo byter plats"
  c buy Anna:triss
  c buy pass
  c tricks Bo
  c undo
  # Points taken off an opponent who is called 'from' (the claim Anna:full-house:from:from).
  c new from-opponent Anna from Bo --preset from-opponent
  c deal --buy Bo:kåk --buy from:färg --last-trick from --showdown pass
  c deal --buy "Anna:kåk:från:from" --last-trick Bo:från:from --showdown pass
  c edit 2 --last-trick Anna
  "$chicago" night new etapp A B C D E F G H --games-per-table 2 --points 20,12,8,5 --seed 7 >/dev/null
  finish_games etapp
  "$chicago" night draw etapp >/dev/null
  finish_games etapp
  "$chicago" night advance etapp --per-table 2 >/dev/null
  table=$("$chicago" night status etapp --json | python3 -c 'import json,sys; print([t["session"] for t in json.load(sys.stdin)["tables"] if not t["finished"]][0])')
  first=$("$chicago" status --json --session "$table" | python3 -c 'import json,sys; print(json.load(sys.stdin)["dealer"])')
  c deal --session "$table" --buy "$first:par" --last-trick "$first" --showdown pass
  "$chicago" night new stängd Anna Bo Cilla Dag Eva Filip --rounds 1 --seed 3 >/dev/null
  finish_games stängd
  "$chicago" night close stängd >/dev/null
  # An amendment after the result: a correction that keeps the game finished, its reason kept.
  set -- $("$chicago" night status stängd --json | python3 -c 'import json,sys; t=json.load(sys.stdin)["tables"][0]; print(t["session"], t["players"][1])')
  c edit 1 --session "$1" --last-trick "$2" --reason "sista sticket var fel"
  # Format 6 (where the release has it): the revisor's penalty on a closed night's
  # finished game, an amendment after the result; an earlier release refuses it.
  # Format 7 (where the release has it): the same with when it was written (`at`).
  set -- $("$chicago" night status stängd --json | python3 -c 'import json,sys; t=json.load(sys.stdin)["tables"][1]; print(t["session"], t["players"][0])')
  "$chicago" penalty "$2" 3 --reason "tittade i leken" --session "$1" >/dev/null 2>&1 || true
  # A player who leaves during a stage, forfeiting the game being played: the table's
  # next game seats the other three (night format 3, where the release has it).
  "$chicago" night new lämnad A B C D E F G H --games-per-table 2 --seed 7 >/dev/null
  set -- $("$chicago" night status lämnad --json | python3 -c 'import json,sys; t=json.load(sys.stdin)["tables"][0]; print(t["session"], t["players"][1])')
  "$chicago" night leave "$2" lämnad >/dev/null
  c forfeit "$2" --reason left --session "$1"
  finish_games lämnad
  "$chicago" night draw lämnad >/dev/null
fi

# Format 7 (where the release has it): flushes ranked by suit (hands.flush_order).
if "$chicago" rules show | grep flush_order >/dev/null; then
  printf '[hands]\nflush_order = "suit"\n' >"$home/flush-order.toml"
  c new flush-order Anna Bo Cilla --rules "$home/flush-order.toml"
  c deal --buy "Anna:2H 3H 4H 5H 7H" --buy "Bo:AS KS QS JS 9S" --last-trick Cilla --showdown Anna:färg
fi

rm -rf "$out"
mkdir -p "$out"
cp "$home"/sessions/*.toml "$out/"
cp "$home/house-rules.toml" "$out/house-rules.toml"
if [ -d "$home/nights" ]; then
  mkdir -p "$out/nights"
  cp "$home"/nights/*.toml "$out/nights/"
  {
    echo "{"
    first=1
    for f in "$out"/nights/*.toml; do
      name="$(basename "$f" .toml)"
      [ $first = 1 ] || echo ","
      first=0
      printf '"%s": ' "$name"
      CHICAGO_PROTOKOLL_HOME="$home" "$chicago" night status "$name" --json
    done
    echo "}"
  } >"$out/nights/expected.json"
fi
{
  echo "{"
  first=1
  for f in "$out"/*.toml; do
    name="$(basename "$f" .toml)"
    [ "$name" = house-rules ] && continue
    [ $first = 1 ] || echo ","
    first=0
    printf '"%s": ' "$name"
    "$chicago" status --json --file "$f"
  done
  echo "}"
} >"$out/expected.json"
"$chicago" --version >"$out/RELEASE"
rm -rf "$home"
