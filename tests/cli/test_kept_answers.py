"""Kept answers (store/answers.py): a read whose inputs are exactly as they were prints the
text it printed then, and every input makes a fresh answer.  The cache is derived: an
answer with it is the answer without it, and a cache that cannot be read or written,
or holds rubbish, changes nothing a user sees."""

from __future__ import annotations

import marshal
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from chicago_protokoll.cli.app import app
from chicago_protokoll.i18n.language import set_language
from chicago_protokoll.store import answers, locations
from cli_support import SEED_000_DEAL, invoke, ok, refused

PLAYERS = ("Anna", "Bo", "Cilla")
READS = (
    ("status",),
    ("status", "--json"),
    ("log",),
    ("log", "--json"),
    ("settle",),
    ("settle", "--json", "--stake", "0.50"),
    ("export", "--format", "json"),
    ("export", "--format", "csv"),
    ("export", "--format", "md"),
    ("export", "--format", "html"),
    ("export", "--format", "protocol"),
)


def _cache() -> Path:
    return locations.cache_dir() / "answers"


def _entries() -> list[Path]:
    folder = _cache()
    return sorted(folder.glob("*.answer")) if folder.is_dir() else []


def _answer(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    try:
        result = CliRunner().invoke(
            app, list(args), prog_name="chicago", env={"CHICAGO_LANG": "en", "NO_COLOR": "1", **(env or {})}
        )
    finally:
        set_language(None)
    return result.exit_code, result.stdout, result.stderr


def _without_cache(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    shutil.rmtree(_cache(), ignore_errors=True)
    return _answer(*args, env=env)


@pytest.fixture
def game() -> None:
    ok("new", "fredag", *PLAYERS)
    ok(*SEED_000_DEAL)


# -- the cache is derived: an answer with it is the answer without it -------------------

HANDS = ("pair", "two pair", "flush", "kåk")
_player = st.sampled_from(PLAYERS)
_hand = st.sampled_from(HANDS)
_step = st.one_of(
    st.tuples(st.just("buy"), st.builds(lambda p, h: f"{p}:{h}", _player, _hand)),
    st.tuples(st.just("buy"), st.just("pass")),
    st.tuples(st.just("tricks"), _player),
    st.tuples(st.just("showdown"), st.builds(lambda p, h: f"{p}:{h}", _player, _hand)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("note"), st.sampled_from(("spilled coffee", "new deck"))),
    st.tuples(st.just("edit"), st.just("1"), st.just("--last-trick"), _player),
    st.just(SEED_000_DEAL),
    st.tuples(st.just("read"), st.sampled_from(READS)),
)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_step, min_size=1, max_size=12))
def test_every_read_answers_as_it_would_with_an_empty_cache(steps: list[tuple[object, ...]]) -> None:
    """Random recording commands and reads on one session: each read's answer (stdout,
    stderr, exit status) is the answer computed with the cache folder deleted, read twice
    (the second time from what the first kept)."""
    before = os.environ.get("CHICAGO_PROTOKOLL_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHICAGO_PROTOKOLL_HOME"] = home
        try:
            ok("new", "fredag", *PLAYERS)
            for step in steps:
                if step[0] == "read":
                    args = step[1]
                    assert isinstance(args, tuple)
                    first = _answer(*args)
                    again = _answer(*args)
                    fresh = _without_cache(*args)
                    assert first == again == fresh, args
                else:
                    invoke(*(str(part) for part in step))
            for args in READS:
                assert _answer(*args) == _without_cache(*args), args
        finally:
            if before is None:
                del os.environ["CHICAGO_PROTOKOLL_HOME"]
            else:
                os.environ["CHICAGO_PROTOKOLL_HOME"] = before


def test_a_second_read_is_the_kept_answer(game: None) -> None:
    """The check above can fail: a second read finds its entry (and prints the same)."""
    first = ok("status")
    assert len(_entries()) == 1
    assert ok("status") == first


# -- each input makes a fresh answer ---------------------------------------------------


@pytest.mark.parametrize("args", READS, ids=" ".join)
def test_a_new_deal_makes_a_fresh_answer(game: None, args: tuple[str, ...]) -> None:
    before = ok(*args)
    ok(*SEED_000_DEAL)
    after = ok(*args)
    assert after != before
    assert _without_cache(*args)[1] == after


def test_other_house_rules_in_the_file_make_a_fresh_answer(game: None) -> None:
    """The same events under another target: the file's bytes differ, and so does the answer."""
    before = ok("status")
    path = locations.session_path("fredag")
    text = path.read_text(encoding="utf-8")
    assert "target = 52" in text
    path.write_text(text.replace("target = 52", "target = 5"), encoding="utf-8")
    after = ok("status")
    assert after != before and "over" in after
    assert _without_cache("status")[1] == after


@pytest.mark.parametrize("how", ["--lang", "CHICAGO_LANG"])
def test_the_language_makes_a_fresh_answer(game: None, how: str) -> None:
    english = ok("status")
    if how == "--lang":
        swedish = _answer("--lang", "sv", "status")[1]
    else:
        swedish = _answer("status", env={"CHICAGO_LANG": "sv"})[1]
    assert swedish != english and "giv" in swedish
    assert ok("status") == english


def test_two_sessions_with_the_same_bytes_answer_by_their_own_names(game: None) -> None:
    """A copy under another name holds the same bytes; the answer names the file it read
    (an old file may have no name of its own, and its file's name is shown)."""
    path = locations.session_path("fredag")
    text = path.read_text(encoding="utf-8")
    assert 'name = "fredag"' in text
    path.write_text(text.replace('name = "fredag"', 'name = ""'), encoding="utf-8")
    copy = locations.session_path("lördag")
    shutil.copyfile(path, copy)
    first = ok("status", "--session", "fredag")
    second = ok("status", "--session", "lördag")
    assert "fredag" in first and "lördag" in second
    assert ok("status", "--file", str(copy)) == second


def test_switching_the_current_session_makes_a_fresh_answer(game: None) -> None:
    fredag = ok("status")
    ok("new", "lördag", "Dag", "Eva", "Fia")
    saturday = ok("status")
    assert "lördag" in saturday and "Dag" in saturday
    ok("sessions", "use", "fredag")
    assert ok("status") == fredag


def test_a_changed_program_file_makes_every_entry_stale(game: None) -> None:
    """An upgrade or an edited source: an entry lists the stat identity of every module of
    the package loaded when it was made, and one that differs is no answer."""
    assert ok("status")
    [entry] = _entries()
    asked = marshal.loads(entry.read_bytes())[2]  # the question it answers
    assert answers.kept(asked) is not None
    module = Path(answers.__file__)
    stat = module.stat()
    try:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert answers.kept(asked) is None
    finally:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert answers.kept(asked) is not None
    assert entry.exists()


def test_another_install_never_shows_this_installs_answer(
    game: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two installs (a release and a checkout, two venvs) share the user's cache folder,
    and each proves only its own program's files unchanged: an answer kept by one is no
    answer to the other, whose text may differ (a fixed total, a changed header)."""
    assert ok("status")
    assert len(_entries()) == 1
    monkeypatch.setattr(answers, "PACKAGE", "/elsewhere/site-packages/chicago_protokoll")
    assert ok("status")  # made afresh and kept as the other install's
    assert len(_entries()) == 2


def test_a_file_given_through_a_link_keeps_no_answer(game: None, tmp_path: Path) -> None:
    """The lookup never follows a link, so an answer about a file given through one could
    never be shown: none is written, read after read."""
    link = tmp_path / "fredag-link.toml"
    link.symlink_to(locations.session_path("fredag"))
    first = ok("status", "--file", str(link))
    assert ok("status", "--file", str(link)) == first
    assert _entries() == []


def test_the_terminal_makes_a_fresh_answer(game: None) -> None:
    """A table on a terminal has bold and colour (FORCE_COLOR stands in for one here); a
    pipe gets none: the one kept for a pipe is not printed to a terminal."""
    plain = _answer("status", env={"NO_COLOR": ""})[1]
    coloured = _answer("status", env={"FORCE_COLOR": "1", "NO_COLOR": ""})[1]
    assert "\x1b[" in coloured and "\x1b[" not in plain
    assert _answer("status", env={"NO_COLOR": ""})[1] == plain


def test_the_time_zone_makes_a_fresh_answer(game: None) -> None:
    """A correction's time is shown on this machine's clock."""
    ok("edit", "1", "--last-trick", "Bo")
    asked = answers.question("log", (False,), locations.session_path("fredag"), "en")
    before = os.environ.get("TZ")
    try:
        os.environ["TZ"] = "UTC"
        other = answers.question("log", (False,), locations.session_path("fredag"), "en")
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
    assert other != asked


def test_a_night_table_file_makes_fresh_cards() -> None:
    ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "Greta")
    cards = ok("night", "cards")
    protocol = ok("night", "cards", "--protocol")
    assert ok("night", "cards") == cards
    night = locations.night_path("klubb")
    text = night.read_text(encoding="utf-8")
    session = next(name for name in text.split('"') if name.startswith("klubb-r1-t"))
    table = locations.session_path(session)
    # another name for a table's game: the cards show it
    table.write_text(table.read_text(encoding="utf-8").replace(f'name = "{session}"', 'name = "Bordet"'), encoding="utf-8")
    assert ok("night", "cards") == _without_cache("night", "cards")[1]
    assert ok("night", "cards", "--protocol") == _without_cache("night", "cards", "--protocol")[1]
    # the night's own file (a comment loads the same night: the same cards, kept again)
    night.write_text(text.replace("\n", "\n# kept\n", 1), encoding="utf-8")
    assert ok("night", "cards") == _without_cache("night", "cards")[1]
    assert protocol


# -- a cache that cannot help changes nothing ---------------------------------------------


def test_a_corrupt_entry_is_ignored_and_replaced(game: None) -> None:
    first = ok("status")
    [entry] = _entries()
    for rubbish in (b"", b"\x00garbage", entry.read_bytes()[:-7]):
        entry.write_bytes(rubbish)
        assert _answer("status") == (0, first, "")
        assert entry.read_bytes() != rubbish  # kept again
    assert ok("status") == first


@pytest.mark.parametrize("how", ["chmod 000", "a file in its place"])
def test_an_unwritable_cache_folder_changes_nothing(game: None, how: str) -> None:
    """Root may write a folder without permissions: a file where the folder should be
    cannot be written by anyone."""
    expected = ok("status")
    html = ok("export", "--format", "html")
    shutil.rmtree(_cache())
    if how == "chmod 000":
        _cache().mkdir(parents=True)
        _cache().chmod(0)
    else:
        _cache().write_bytes(b"not a folder")
    try:
        for _ in range(2):
            assert _answer("status") == (0, expected, "")
            assert _answer("export", "--format", "html") == (0, html, "")
    finally:
        if how == "chmod 000":
            _cache().chmod(0o755)
    if how != "chmod 000" or not os.access(_cache(), os.W_OK, effective_ids=True) or os.geteuid():
        assert _entries() == []


def test_a_refused_read_is_never_kept(game: None) -> None:
    """A session file that does not load is refused every time (exit 1, one line), and
    nothing is kept for it."""
    path = locations.session_path("fredag")
    path.write_bytes(path.read_bytes()[:-40])
    shutil.rmtree(_cache(), ignore_errors=True)
    first = refused("status")
    assert refused("status") == first
    assert _entries() == []


def test_an_answer_with_words_on_stderr_is_not_kept(game: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read that said something on stderr (here a damaged catalogue) is computed again
    each time, so its words are said each time."""
    language = sys.modules["chicago_protokoll.i18n.language"]  # the package's `language` is the function

    broken = Path(tempfile.mkdtemp())
    (broken / "sv.po").write_text("")
    (broken / "sv.mo").write_bytes(b"rubbish")
    monkeypatch.setattr(language, "CATALOGUE_DIR", str(broken))
    language._catalogues.clear()
    try:
        for _ in range(2):
            language._catalogues.clear()  # each run a new process: the catalogue opened anew
            code, _out, err = _answer("status", env={"CHICAGO_LANG": "sv"})
            assert code == 0 and "cannot read the catalogue" in err, (_out, err)
        assert _entries() == []
    finally:
        language._catalogues.clear()
        shutil.rmtree(broken)


def test_export_to_a_file_writes_the_kept_text(game: None, tmp_path: Path) -> None:
    printed = ok("export", "--format", "md")
    target = tmp_path / "fredag.md"
    result = invoke("export", "--format", "md", "-o", str(target))
    assert result.exit_code == 0 and "Wrote" in result.stderr
    assert target.read_text(encoding="utf-8") == printed


def test_the_cache_is_bounded(game: None) -> None:
    """One entry per question, overwritten; past a few hundred the oldest go."""
    for _ in range(3):
        ok("status")
    assert len(_entries()) == 1
    folder = _cache()
    for number in range(answers.MOST_ENTRIES + 5):
        (folder / f"{number:08x}.answer").write_bytes(b"old")
    ok(*SEED_000_DEAL)
    ok("status")
    assert len(list(folder.iterdir())) <= answers.KEEP_AFTER_PRUNE
    assert ok("status") == _without_cache("status")[1]


def test_an_export_that_may_not_be_written_keeps_nothing(game: None) -> None:
    """`-o` over the session itself is refused after the text is made: the command failed,
    and nothing is kept."""
    shutil.rmtree(_cache(), ignore_errors=True)
    refused("export", "--format", "md", "-o", str(locations.session_path("fredag")))
    assert _entries() == []
