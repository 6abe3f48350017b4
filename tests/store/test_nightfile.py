"""Night files: the format round-trips, damaged and newer files are refused by name and
never written over, and a round's sessions are made all or nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_protokoll.core.errors import ChicagoError
from chicago_protokoll.core.night import (
    Move,
    MoveKind,
    Night,
    NightTable,
    final_session,
    table_session,
)
from chicago_protokoll.core.night_draw import draw_next, new_night
from chicago_protokoll.core.rules import HouseRules, preset
from chicago_protokoll.i18n.language import Msg
from chicago_protokoll.store import nightfile
from chicago_protokoll.store.locations import session_path

NAMES = st.sampled_from(["Anna", "Bo", "Cilla", "Dag", "Eva", "Åsa", "Örjan", "Zoë", "李", "Jean-Luc"])


@st.composite
def nights(draw: st.DrawFn) -> Night:
    players = tuple(draw(st.lists(NAMES, min_size=3, max_size=10, unique=True)))
    rounds = draw(st.integers(1, 5))
    table_size = draw(st.integers(3, 4))
    points = tuple(sorted(draw(st.lists(st.integers(0, 99), min_size=1, max_size=5)), reverse=True))
    tables: list[NightTable] = []
    for number in range(1, draw(st.integers(0, rounds + 1)) + 1):
        seats = list(draw(st.permutations(players)))
        count = draw(st.integers(1, 3))
        for table in range(1, count + 1):
            seated = tuple(seats[table - 1 :: count])
            if number == rounds + 1:
                tables.append(NightTable(number, 1, final_session("fredag"), seated))
                break
            tables.append(NightTable(number, table, table_session("fredag", number, table), seated))
    moves = tuple(
        Move(draw(st.sampled_from(players)), draw(st.sampled_from(list(MoveKind))), draw(st.integers(1, 6)))
        for _ in range(draw(st.integers(0, 3)))
    )
    return Night(
        name="fredag",
        players=players,
        rounds=rounds,
        table_size=table_size,
        points=points,
        seed=draw(st.integers(0, 2**63 - 1)),
        rules=draw(st.sampled_from([HouseRules(), preset("tournament"), preset("chicago-anytime")])),
        tables=tuple(tables),
        moves=moves,
        created=draw(st.sampled_from(["", "2026-03-06T19:00:00+00:00"])),
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(nights())
def test_a_night_written_and_read_back_is_the_same_night(night: Night) -> None:
    text = nightfile.dumps_night(night)
    assert nightfile.loads_night(text, "fredag.toml", stem="fredag") == night


def _made(name: str = "fredag") -> tuple[Path, Night]:
    path = nightfile.night_path(name)
    night = nightfile.create_night(path, new_night(name, ["Anna", "Bo", "Cilla", "Dag"], seed=1))
    return path, night


def test_a_new_night_writes_its_file_and_its_first_rounds_sessions() -> None:
    path, night = _made()
    assert nightfile.load_night(path) == night
    assert session_path("fredag-r1-t1").exists()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda text: re.sub(r"^version = \d+$", "version = 99", text, flags=re.M), "newer chicago-protokoll"),
        (lambda text: text.rpartition("# end of")[0], "cut short"),
        (lambda text: text.replace("rounds = 3", 'rounds = "three"'), "rounds must be"),
        (lambda text: text.replace('"Bo"', '"Bob"', 1), "players of the night"),
        (lambda text: text.replace("fredag-r1-t1", "fredag-r1-t9"), "must play the session"),
        (lambda text: text.replace("points = [", "points = [\n    1,"), "fall"),
        (lambda text: text.replace('name = "fredag"', 'name = "fredag'), "not valid TOML"),
        (lambda text: "", "empty"),
        (lambda text: text.replace("format =", "colour = 1\nformat ="), "unknown field"),
        # the session files' check, near miss named (store.fileformat.check_fields)
        (lambda text: text.replace("rounds = 3", "round = 3"), "unknown field 'round' (did you mean 'rounds'?)"),
        # a number no rule could use gets a sentence, not Python's int-digits advice
        (lambda text: text.replace("rounds = 3", "rounds = " + "9" * 4400), "thousands of digits"),
    ],
)
def test_a_damaged_or_newer_night_file_is_refused_by_name_and_not_overwritten(
    damage: object, said: str
) -> None:
    path, _ = _made()
    path.write_text(damage(path.read_text("utf-8")), "utf-8")  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(ChicagoError) as refused:
        nightfile.load_night(path)
    assert "nights/fredag.toml" in str(refused.value)
    assert said in str(refused.value)
    with pytest.raises(ChicagoError):
        nightfile.transact_night(path, lambda night: (draw_next(night, {}), None))
    assert path.read_bytes() == before
    assert not session_path("fredag-r2-t1").exists()


def test_a_night_name_taken_is_refused_and_the_file_kept() -> None:
    path, _ = _made()
    before = path.read_bytes()
    with pytest.raises(nightfile.NightExistsError):
        nightfile.create_night(path, new_night("fredag", ["Eva", "Fia", "Gun"], seed=2))
    assert path.read_bytes() == before


def test_a_session_the_night_would_make_that_exists_refuses_the_whole_night() -> None:
    session_path("fredag-r1-t2").parent.mkdir(parents=True)
    session_path("fredag-r1-t2").write_text("mine", "utf-8")
    path = nightfile.night_path("fredag")
    night = new_night("fredag", [f"P{n}" for n in range(10)], seed=1)
    with pytest.raises(ChicagoError) as refused:
        nightfile.create_night(path, night)
    assert "fredag-r1-t2" in str(refused.value)
    assert not path.exists()
    assert not session_path("fredag-r1-t1").exists()
    assert session_path("fredag-r1-t2").read_text("utf-8") == "mine"


def test_a_session_that_cannot_be_written_takes_back_the_ones_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """All or nothing: the third table's file fails, the first two are removed again."""
    real = nightfile.create_session
    made: list[Path] = []

    def failing(path: Path, session: object) -> object:
        if len(made) == 2:
            raise ChicagoError(Msg("disk full"))
        made.append(path)
        return real(path, session)  # type: ignore[arg-type]

    monkeypatch.setattr(nightfile, "create_session", failing)
    path = nightfile.night_path("fredag")
    with pytest.raises(ChicagoError):
        nightfile.create_night(path, new_night("fredag", [f"P{n}" for n in range(10)], seed=1))
    assert not path.exists()
    assert [p for p in made if p.exists()] == []


def test_the_night_made_last_is_the_default_and_the_current_session_is_untouched() -> None:
    _made("fredag")
    _made("lördag")
    nightfile.set_current_night("lördag")
    assert nightfile.resolve_night(None).stem == "lördag"
    from chicago_protokoll.store.locations import current_file

    assert not current_file().exists()


def test_a_night_name_whose_sessions_could_not_be_named_is_refused() -> None:
    with pytest.raises(ChicagoError):
        nightfile.night_path("x" * 60)
    with pytest.raises(ChicagoError):
        nightfile.night_path("../up")
