"""Three clones of one club folder through any order of work, draws and syncs (issue 37,
"Tests"; shared/docs/cli.md, "Added in the fifth round"): real git, a bare origin and
three clones, `chicago` in process on each.

A seeded random generator (each sequence has its seed: a failure names it and replays
alone) records deals part by part, undoes, corrects, notes, fines, starts games and
draws nights on random clones, and syncs random clones; at least a third of the syncs
follow a concurrent change to one name on two clones (a deal recorded differently, two
games started under one name, a night's round drawn differently).  Every conflict is
settled by `chicago club keep`: a random side, or `--both` for two games.

After every sync (and every `club keep`, which may sync):

- every session and night file of the clone loads and replays;
- no entry twice in the clone, no id that was taken back is back;
- no entry a person on this clone was told was saved is gone, unless a person chose
  the other side for that name *and* this very command said so ("… as recorded here
  was replaced …", "dropped this machine's …");
- the clone's current session is the game it was (by ``created`` and first id), or
  the command said why.

At the end every clone syncs until none has anything to bring, and all three hold the
same bytes.  The counts (sequences, syncs, conflicts of each kind by way of settling)
are printed (``-s``) and, under the `long` mark (`pytest -m long`, not in the default run), held to at least 50 of each kind settled
each way.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

import pytest

from chicago_protokoll.cli import record
from chicago_protokoll.core.events import event_to_dict
from chicago_protokoll.core.game import Game
from chicago_protokoll.core.session import Session
from chicago_protokoll.store import sessionfile
from chicago_protokoll.store.fileformat import loads_session
from chicago_protokoll.store.nightfile import load_night
from club_support import Machine, git, make_club

TRIO = ("Anna", "Bo", "Cilla")
SIX = ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
HANDS = ("par", "två par")
KINDS = ("deal", "two-games", "night")
WAYS = {"deal": ("ours", "theirs"), "two-games": ("ours", "theirs", "both"), "night": ("ours", "theirs")}

# -- what a clone holds ----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """An entry as saved: where, in which deal, and what it says (the merge keeps one of
    two alike entries made on two machines, by content, whichever id it keeps)."""

    name: str
    deal: int
    print: str


def _print(kind: str, deal: int, payload: object) -> str:
    return json.dumps([kind, deal, payload], sort_keys=True, ensure_ascii=True)


def _event_print(event: object) -> str:
    data = {k: v for k, v in event_to_dict(event).items() if k not in ("id", "at")}  # type: ignore[arg-type]
    return _print("event", int(getattr(event, "deal", 0)), data)


@dataclass
class Folder:
    """Every session of one clone, read: what each entry id is, and what is accounted
    for (an event, a correction and the events it replaced or made, an id taken back)."""

    sessions: dict[str, Session]
    entries: dict[str, Entry]  # id -> the entry (events and corrections)
    accounted: set[str]
    prints: dict[tuple[str, str], str]  # (name, what an entry says) -> its id
    taken: set[str]


def read_session(path: Path) -> Session:
    session = loads_session(path.read_text(encoding="utf-8"), str(path))
    game = Game(session)
    for event in session.events:
        game.apply(event)  # replays: a merge that broke a rule would stop here
    return session


def read_folder(machine: Machine, only: str | None = None) -> Folder:
    """Every file of the clone read and checked, or (``only``) one session's."""
    sessions: dict[str, Session] = {}
    if only is not None:
        if machine.file(only).exists():
            sessions[only] = read_session(machine.file(only))
    else:
        for path in sorted((machine.home / "sessions").glob("*.toml")):
            if not path.name.endswith(".theirs.toml"):
                sessions[path.stem] = read_session(path)
        for path in sorted((machine.home / "nights").glob("*.toml")):
            if not path.name.endswith(".theirs.toml"):
                load_night(path)
    folder = Folder(sessions, {}, set(), {}, set())
    seen: Counter[str] = Counter()
    for name, session in sessions.items():
        for event in session.events:
            seen[event.id] += 1
            folder.entries[event.id] = Entry(name, event.deal, _event_print(event))
            folder.prints[name, _event_print(event)] = event.id
        for correction in session.corrections:
            after = [_event_print(e) for e in correction.after]
            entry = Entry(name, correction.deal, _print("correction", correction.deal, after))
            folder.entries[correction.id] = entry
            folder.prints[name, entry.print] = correction.id
            folder.accounted |= {correction.id, *(e.id for e in (*correction.before, *correction.after))}
        taken = {t.id for t in session.taken_back}
        clash = taken & {e.id for e in session.events}
        assert not clash, f"{name}: taken back and recorded at once: {clash}"
        folder.taken |= taken
        folder.accounted |= taken | {e.id for e in session.events}
    twice = [ident for ident, count in seen.items() if count > 1]
    assert not twice, f"entries twice in the folder: {twice}"
    return folder


# -- what a command said -----------------------------------------------------------------------

_DEAL_REPLACED = re.compile(r"(\S+) deal (\d+) as recorded here was replaced by the other machine's")
_DEAL_DROPPED = re.compile(r"dropped this machine's deal (\d+) of (\S+)")
_GAME_REPLACED = re.compile(r"(\S+) as started here at \S+ was replaced by the other machine's game")
_GAME_DROPPED = re.compile(r"dropped this machine's game (\S+) started at")
_NIGHT_REPLACED = re.compile(r"the night (\S+) as drawn here was replaced by the other machine's")
_FOLLOWED = ("the current session follows it",)


@dataclass
class Told:
    """What one command said dropped this clone's work: (name, deal) pairs, whole games,
    whole nights (and their tables)."""

    deals: set[tuple[str, int]] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    nights: set[str] = field(default_factory=set)

    @classmethod
    def read(cls, said: str) -> Told:
        told = cls()
        told.deals |= {(m[1], int(m[2])) for m in _DEAL_REPLACED.finditer(said)}
        told.deals |= {(m[2], int(m[1])) for m in _DEAL_DROPPED.finditer(said)}
        told.games |= {m[1] for m in _GAME_REPLACED.finditer(said)}
        told.games |= {m[1] for m in _GAME_DROPPED.finditer(said)}
        told.nights |= {m[1] for m in _NIGHT_REPLACED.finditer(said)}
        return told

    def add(self, other: Told) -> Told:
        self.deals |= other.deals
        self.games |= other.games
        self.nights |= other.nights
        return self

    def covers(self, entry: Entry) -> bool:
        return (
            (entry.name, entry.deal) in self.deals
            or entry.name in self.games
            or any(entry.name.startswith(f"{night}-") for night in self.nights)
        )


def clock(seconds: int) -> type[datetime]:
    """``datetime`` whose ``now`` is a fixed moment, ``seconds`` into a night."""

    class Clock(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Clock:
            return cls(2026, 12, 4, 19, 0, 0, tzinfo=UTC) + timedelta(seconds=seconds)

    return Clock


# -- one clone, watched ------------------------------------------------------------------------


@dataclass
class Clone:
    label: str
    machine: Machine
    saved: dict[str, Entry] = field(default_factory=dict)  # what a person here was told was saved
    taken: dict[str, Entry] = field(default_factory=dict)  # ids taken back, as they were
    told: Told = field(default_factory=Told)  # every drop this clone was told of

    def current(self) -> tuple[str, tuple[str, str] | None]:
        pointer = self.machine.home / "current"
        name = pointer.read_text().strip() if pointer.exists() else ""
        file = self.machine.file(name)
        if not name or not file.exists():
            return name, None
        session = loads_session(file.read_text(encoding="utf-8"), str(file))
        return name, (session.created, session.events[0].id if session.events else "")


@dataclass
class Run:
    """One sequence's world: three clones, a generator, the counts."""

    clones: list[Clone]
    origin: Path
    rng: random.Random
    counts: Counter[str]
    monkeypatch: pytest.MonkeyPatch
    fresh: int = 0
    log: list[str] = field(default_factory=list)  # each command, for a failure's story

    # -- commands ------------------------------------------------------------------------

    def local(self, clone: Clone, name: str, *args: str) -> bool:
        """A recording command on one session of a clone; what it saved is remembered as
        told saved, what it took away as the person's own doing."""
        before = read_folder(clone.machine, name)
        result = clone.machine.run(*args)
        self.log.append(f"{clone.label}: chicago {' '.join(args)} -> {result.exit_code}")
        assert result.exit_code in (0, 1), f"{clone.label}: chicago {' '.join(args)}: {result.output}"
        self.counts[f"{args[0]} {'saved' if result.exit_code == 0 else 'refused'}"] += 1
        after = read_folder(clone.machine, name)
        for ident in set(after.entries) - set(before.entries):
            clone.saved[ident] = after.entries[ident]
        for ident in before.accounted - after.accounted:
            clone.saved.pop(ident, None)  # a person here took it away (an undo of a correction)
        self._note_taken(clone, before, after)
        return result.exit_code == 0

    def sync(self, clone: Clone, *, aimed: bool = False) -> None:
        """``club sync`` on a clone, every conflict it meets settled, every check held."""
        self.counts["syncs"] += 1
        if aimed:
            self.counts["syncs aimed at a concurrent change"] += 1
        self._checked(clone, "club", "sync")

    def _checked(self, clone: Clone, *args: str) -> None:
        before = read_folder(clone.machine)
        current = clone.current()
        result = clone.machine.run(*args)
        said = result.stdout + result.stderr
        self.log.append(f"{clone.label}: chicago {' '.join(args)} -> {result.exit_code}: {said.strip()!r}")
        self._hold(clone, before, current, said)
        home = clone.machine.home
        if result.exit_code == 0 and not [*home.glob("sessions/*.theirs.toml"), *home.glob("nights/*.theirs.toml")]:
            return
        open_ = json.loads(clone.machine.ok("club", "conflicts", "--json"))["conflicts"]
        assert open_, f"{clone.label}: chicago {' '.join(args)} failed with nothing to settle: {said}"
        self._settle(clone, open_[0])  # and, by the keep's own check, the next

    def _settle(self, clone: Clone, conflict: dict[str, object]) -> None:
        kind = str(conflict["kind"])
        # A random side among those this kind was settled by least so far: every way
        # is taken about as often, whatever the dice.
        ways = WAYS.get(kind, ("ours", "theirs"))
        fewest = min(self.counts[f"conflict {kind}, kept {w}"] for w in ways)
        way = self.rng.choice([w for w in ways if self.counts[f"conflict {kind}, kept {w}"] == fewest])
        self.counts[f"conflict {kind}, kept {way}"] += 1
        self._checked(clone, "club", "keep", str(conflict["name"]), f"--{way}")

    def _hold(
        self,
        clone: Clone,
        before: Folder,
        current: tuple[str, tuple[str, str] | None],
        said: str,
    ) -> None:
        """The checks after a sync or a settlement (see the module docstring)."""
        after = read_folder(clone.machine)  # loads, replays, no entry twice
        # What this clone was told stays told: a deal said replaced at a sync that met a
        # conflict is lost at the settlement after it, which need not say it again.
        told = clone.told.add(Told.read(said))
        where = f"{clone.label} ({said.strip()!r})"
        stands_for: dict[str, str] = {}  # an entry of ours -> the other machine's alike one kept
        for ident, entry in list(clone.saved.items()):
            now = after.entries.get(ident)
            if now is not None:
                clone.saved[ident] = now  # it may have followed its game to a new name
                continue
            if ident in after.accounted:
                continue
            alike = after.prints.get((entry.name, entry.print))
            if alike is not None and alike not in clone.saved:
                # the merge kept the other machine's alike entry: that one is ours now
                del clone.saved[ident]
                clone.saved[alike] = after.entries[alike]
                stands_for[ident] = alike
                continue
            assert told.covers(entry), f"{where}: lost {entry} ({ident}) without a word"
            self.counts["entries dropped by a settlement, and said"] += 1
            del clone.saved[ident]
        for ident, entry in list(clone.taken.items()):
            if ident in after.entries and ident not in after.taken:
                assert told.covers(entry), f"{where}: {ident} was taken back and is back"
                del clone.taken[ident]
        self._note_taken(clone, before, after)
        name, game = current
        if game is not None and not any(line in said for line in _FOLLOWED) and name not in told.games:
            now_name, now_game = clone.current()
            assert now_name == name and now_game is not None, f"{where}: current session gone"
            created, first = game
            assert now_game[0] == created, f"{where}: current session {name} is another game"
            if first and not any(told_name == name for told_name, _ in told.deals):
                # the first entry, or the other machine's alike one the merge kept in its place
                start = stands_for.get(first, first)
                assert start in after.accounted or now_game[1] == start, f"{where}: {name} lost its start"

    def _note_taken(self, clone: Clone, before: Folder, after: Folder) -> None:
        for ident in after.taken - set(clone.taken):
            known = before.entries.get(ident) or clone.saved.get(ident)
            if known is not None:
                clone.taken[ident] = known

    # -- the generator -------------------------------------------------------------------

    def names(self, clone: Clone) -> list[str]:
        return sorted(p.stem for p in (clone.machine.home / "sessions").glob("*.toml") if ".theirs" not in p.name)

    def nights(self, clone: Clone) -> list[str]:
        return sorted(p.stem for p in (clone.machine.home / "nights").glob("*.toml") if ".theirs" not in p.name)

    def players(self, clone: Clone, name: str) -> tuple[str, ...]:
        return loads_session(clone.machine.file(name).read_text(encoding="utf-8"), name).players

    def deal_args(self, clone: Clone, name: str) -> list[str]:
        who = self.players(clone, name)
        taker = self.rng.choice(who)
        return [
            "deal", "--buy", f"{taker}:{self.rng.choice(HANDS)}", "--buy", "pass",
            "--last-trick", self.rng.choice(who), "--showdown", "pass", "--session", name,
        ]

    def one_act(self, clone: Clone) -> None:
        """A person's act on one clone: mostly deals, now and then anything else."""
        names = self.names(clone)
        act = self.rng.choices(
            ("deal", "undo", "edit", "note", "penalty", "new", "draw"), weights=(6, 2, 2, 2, 1, 1, 1)
        )[0]
        if act == "new" or not names:
            self.fresh += 1
            self.local(clone, f"g{self.fresh}", "new", f"g{self.fresh}", *TRIO)
            return
        if act == "draw":
            self.draw(clone)
            return
        name = self.rng.choice(names)
        who = self.players(clone, name)
        session = ("--session", name)
        match act:
            case "deal":
                self.local(clone, name, *self.deal_args(clone, name))
            case "undo":
                self.local(clone, name, "undo", *session)
            case "edit" if not name.startswith("n"):  # a table's royal takes no other part
                deals = len({e.deal for e in read_session(clone.machine.file(name)).events})
                self.local(clone, name, "edit", str(self.rng.randint(1, max(deals, 1))), "--last-trick", self.rng.choice(who), *session)
            case "note":
                self.local(clone, name, "note", self.rng.choice(("giv om", "domslut", "felgiv")), *session)
            case "penalty":
                self.local(clone, name, "penalty", self.rng.choice(who), "1", "--reason", "sent kort", *session)

    def draw(self, clone: Clone, night: str | None = None) -> None:
        """The night's round played out (a royal at each table still playing), then the
        next drawn; a new night where there is none."""
        nights = self.nights(clone)
        if night is None and not nights:
            self.fresh += 1
            night = f"n{self.fresh}"
            self.local(clone, night, "night", "new", night, *SIX, "--rounds", "3", "--seed", str(self.fresh))
            return
        night = night or self.rng.choice(nights)
        latest = sorted(n for n in self.names(clone) if n.startswith(f"{night}-r"))
        rounds = sorted({n.rsplit("-t", 1)[0] for n in latest})
        for table in (n for n in latest if rounds and n.startswith(f"{rounds[-1]}-t")):
            self.local(clone, table, "royal", self.players(clone, table)[0], "--session", table)
        self.local(clone, night, "night", "draw", night)

    def in_step(self, one: Clone, other: Clone, name: str, kind: str = "sessions") -> bool:
        """Sync the two until they hold ``name`` alike (or give up after a few tries)."""
        for clone in (other, one, other, one):
            file = one.machine.home / kind / f"{name}.toml"
            theirs = other.machine.home / kind / f"{name}.toml"
            if file.exists() and theirs.exists() and file.read_bytes() == theirs.read_bytes():
                return True
            self.sync(clone)
        return False

    def aimed(self, kind: str) -> None:
        """A concurrent change to one name on two clones, then both sync."""
        one, other = self.rng.sample(self.clones, 2)
        if kind == "two-games":
            self.fresh += 1
            name = f"g{self.fresh}"
            # Two machines start a game each, at different moments (a game's start is
            # kept to the second: two started in one second are one game).
            for at, clone, players in ((0, one, TRIO), (1, other, self.rng.choice((TRIO, ("Dag", "Eva", "Fia"))))):
                with self.monkeypatch.context() as patched:
                    for module in (record, sessionfile):
                        patched.setattr(module, "datetime", clock(self.fresh * 2 + at))
                    self.local(clone, name, "new", name, *players)
            for clone in (one, other):
                if self.rng.random() < 0.5:
                    self.local(clone, name, *self.deal_args(clone, name))
        elif kind == "deal":
            open_games = [
                n for n in self.names(one)
                if not n.startswith("n") and len(read_session(one.machine.file(n)).events) < 40
            ]
            if not open_games:
                self.fresh += 1
                open_games = [f"g{self.fresh}"]
                self.local(one, open_games[0], "new", open_games[0], *TRIO)
            name = self.rng.choice(open_games)
            if not self.in_step(one, other, name):
                return
            for clone in (one, other):
                self.local(clone, name, *self.deal_args(clone, name))
        else:
            self.fresh += 1
            name = f"n{self.fresh}"
            self.local(one, name, "night", "new", name, *SIX, "--rounds", "3", "--seed", str(self.fresh))
            for table in sorted(n for n in self.names(one) if n.startswith(f"{name}-r1-")):
                self.local(one, table, "royal", self.players(one, table)[0], "--session", table)
            if not self.in_step(one, other, name, "nights"):
                return
            if self.rng.random() < 0.8:  # drawn differently: a conflict on the night
                self.local(other, name, "night", "join", "Kim", name)
            for clone in (one, other):
                self.draw(clone, name)
                tables = [n for n in self.names(clone) if n.startswith(f"{name}-r2-")]
                if tables and self.rng.random() < 0.5:
                    table = self.rng.choice(tables)
                    self.local(clone, table, *self.deal_args(clone, table))
        self.sync(one, aimed=True)
        self.sync(other, aimed=True)

    def sequence(self, steps: int, kinds: list[str]) -> None:
        for _ in range(steps):
            roll = self.rng.random()
            if roll < 0.35 and kinds:
                self.aimed(kinds.pop(0))
            elif roll < 0.45:
                self.sync(self.rng.choice(self.clones))
            else:
                for _ in range(self.rng.randint(1, 3)):
                    self.one_act(self.rng.choice(self.clones))

    def all_in_step(self) -> None:
        """Every clone syncs until a round brings nothing; then all hold the same bytes."""
        for _ in range(6):
            heads = [c.machine.head() for c in self.clones]
            for clone in self.clones:
                self.sync(clone)
            if len({c.machine.head() for c in self.clones}) == 1 and heads == [c.machine.head() for c in self.clones]:
                break
        first = self.clones[0]
        for clone in self.clones:
            assert clone.machine.head() == first.machine.head() == git(self.origin, "rev-parse", "main").stdout.strip()
            assert shared_files(clone.machine) == shared_files(first.machine), clone.label
            assert clone.machine.status() == "", clone.label


def shared_files(machine: Machine) -> dict[str, bytes]:
    listed = git(machine.home, "ls-files", "-z").stdout.split("\0")
    return {path: (machine.home / path).read_bytes() for path in listed if path}


def three_clones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Clone], Path]:
    club = make_club(tmp_path, monkeypatch, *TRIO)
    c = Machine(tmp_path / "c", monkeypatch)
    subprocess.run(["git", "clone", "-q", str(club.origin), str(c.home)], check=True, capture_output=True)
    c.ok("club", "init")
    club.b.ok("club", "sync")
    return [Clone("A", club.a), Clone("B", club.b), Clone("C", c)], club.origin


def run_sequences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seeds: range, steps: int, aimed: int
) -> Counter[str]:
    """Each seed one sequence in a club of its own: ``steps`` random steps, ``aimed`` of
    them concurrent changes (the kinds in turn), then every clone in step."""
    counts: Counter[str] = Counter()
    for seed in seeds:
        where = tmp_path / f"seed{seed}"
        where.mkdir()
        clones, origin = three_clones(where, monkeypatch)
        run = Run(clones, origin, random.Random(seed), counts, monkeypatch)
        # the kinds in turn, two games (three ways to settle) twice as often as the others
        turn = ("two-games", "deal", "night", "two-games", "deal", "night", "two-games")
        kinds = [turn[n % len(turn)] for n in range(seed, seed + aimed)]
        try:
            run.sequence(steps, kinds)
            for kind in kinds:  # whatever the dice left
                run.aimed(kind)
            run.all_in_step()
        except AssertionError as error:
            story = "\n".join(run.log[-60:])
            raise AssertionError(f"sequence seed {seed}: {error}\nthe last commands:\n{story}") from None
        counts["sequences"] += 1
        print(f"after seed {seed}:", report(counts), flush=True)
    return counts


def report(counts: Counter[str]) -> str:
    return "many-clone counts: " + json.dumps(dict(sorted(counts.items())), ensure_ascii=False)


def aimed_share_held(counts: Counter[str]) -> None:
    assert counts["syncs aimed at a concurrent change"] * 3 >= counts["syncs"], report(counts)


def test_three_clones_through_random_work_and_syncs_lose_nothing_unsaid_and_end_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = run_sequences(tmp_path, monkeypatch, range(3), steps=10, aimed=4)
    print(report(counts))
    aimed_share_held(counts)
    assert sum(v for k, v in counts.items() if k.startswith("conflict ")) >= 3, report(counts)


@pytest.mark.slow
@pytest.mark.long
def test_fifty_conflicts_of_each_kind_settled_each_way_lose_nothing_unsaid_and_end_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = run_sequences(tmp_path, monkeypatch, range(100, 170), steps=6, aimed=10)
    print(report(counts))
    aimed_share_held(counts)
    short = {
        f"{kind} kept {way}": counts[f"conflict {kind}, kept {way}"]
        for kind in KINDS
        for way in WAYS[kind]
        if counts[f"conflict {kind}, kept {way}"] < 50
    }
    assert not short, f"too few conflicts settled: {short}; {report(counts)}"
