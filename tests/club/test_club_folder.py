"""The club folder's commands on real git (shared/docs/cli.md, "A club folder on many
machines"): init, sync without a conflict, and every refusal with the folder as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from chicago_protokoll.store import club as club_store
from club_support import Machine, git, isolated_git, make_club

PASS_DEAL = ("deal", "--buy", "pass", "--buy", "pass", "--last-trick", "Anna", "--showdown", "pass")


def test_init_writes_attributes_ignores_and_this_clones_driver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated_git(tmp_path, monkeypatch)
    machine = Machine(tmp_path / "a", monkeypatch)
    told = machine.ok("club", "init")
    assert "wrote .gitattributes" in told and "merge driver" in told
    attributes = (machine.home / ".gitattributes").read_text().splitlines()
    assert attributes == ["sessions/*.toml merge=chicago", "nights/*.toml merge=chicago"]
    ignored = (machine.home / ".gitignore").read_text().splitlines()
    for name in (".chicago-protokoll.lock", "/cache/", "/serve-secrets", "/serve-conflicts/", "/current", "/current-night"):
        assert name in ignored
    driver = git(machine.home, "config", "merge.chicago.driver").stdout.strip()
    assert driver == f"{os.path.abspath(os.sys.executable)} -m chicago_protokoll merge-driver %O %A %B %P"
    # Safe to run again: nothing more is written.
    before = {p: p.read_bytes() for p in (machine.home / ".gitattributes", machine.home / ".gitignore")}
    assert "nothing to change" in machine.ok("club", "init")
    assert before == {p: p.read_bytes() for p in before}


def test_init_in_a_fresh_clone_only_sets_up_the_clone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    # make_club ran `club init` in B's fresh clone: the shared files are the club's own.
    assert git(club.b.home, "status", "--porcelain").stdout == ""
    assert git(club.b.home, "config", "merge.chicago.driver").returncode == 0
    git(club.b.home, "config", "--unset", "merge.chicago.driver")
    told = club.b.ok("club", "init")
    assert "wrote" not in told and "merge driver" in told


def test_the_per_machine_files_are_never_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    club.a.ok(*PASS_DEAL)
    (club.a.home / "cache").mkdir(exist_ok=True)
    (club.a.home / "cache" / "index.sqlite3").write_text("x")
    (club.a.home / "serve-secrets").write_text("{}")
    club.a.ok("club", "sync")
    tracked = git(club.a.home, "ls-files").stdout.split()
    assert sorted(tracked) == [".gitattributes", ".gitignore", "sessions/fredag.toml"]
    assert git(club.a.home, "status", "--porcelain").stdout == ""


def test_sync_without_a_remote_only_commits_naming_the_sessions_and_nights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated_git(tmp_path, monkeypatch)
    machine = Machine(tmp_path / "a", monkeypatch)
    machine.ok("new", "fredag", "Anna", "Bo", "Cilla")
    machine.ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
    machine.ok("club", "init")
    told = machine.ok("club", "sync")
    assert "no remote" in told
    subject = git(machine.home, "log", "-1", "--format=%s").stdout
    assert "fredag" in subject and "klubb-r1-t1" in subject and "nights klubb" in subject
    body = git(machine.home, "log", "-1", "--format=%B").stdout
    assert f"{club_store.RELEASE_TRAILER}: {club_store.release()}" in body


def test_sync_sets_up_the_driver_when_this_clone_lacks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    git(club.b.home, "config", "--unset", "merge.chicago.driver")
    assert "merge driver" in club.b.ok("club", "sync")
    assert git(club.b.home, "config", "merge.chicago.driver").returncode == 0


def test_sync_brings_each_machines_sessions_to_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    club.a.ok(*PASS_DEAL)
    club.b.ok("new", "lordag", "Anna", "Bo", "Dag")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    for machine in (club.a, club.b):
        assert machine.file("fredag").read_bytes() == club.a.file("fredag").read_bytes()
        assert machine.file("lordag").exists()
        assert machine.head() == club.origin_head()
    assert git(club.b.home, "rev-parse", "--abbrev-ref", "main@{u}").stdout.strip() == "origin/main"


def test_a_night_joined_on_one_machine_and_left_on_the_other_merges_by_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("night", "join", "Kim")
    club.b.ok("night", "leave", "Bo", "klubb")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.a.ok("club", "sync")
    night = (club.a.home / "nights" / "klubb.toml").read_text()
    assert night == (club.b.home / "nights" / "klubb.toml").read_text()
    assert '"Kim"' in night and 'move = "leave"' in night and 'move = "join"' in night


def test_sync_refuses_a_folder_that_is_not_a_club_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated_git(tmp_path, monkeypatch)
    machine = Machine(tmp_path / "a", monkeypatch)
    machine.ok("new", "fredag", "Anna", "Bo", "Cilla")
    result = machine.run("club", "sync")
    assert result.exit_code == 1
    assert "not a club folder" in result.stderr and "club init" in result.stderr
    assert not (machine.home / ".git").exists()


def test_sync_refuses_a_file_that_does_not_load_and_commits_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    head = club.a.head()
    path = club.a.file("fredag")
    path.write_text(path.read_text().replace("# end of", "# cut short"))
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert "sessions/fredag.toml does not load" in result.stderr
    assert club.a.head() == head and club.origin_head() == head and club.a.clean()


def test_sync_refuses_a_file_of_a_newer_release_naming_the_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    # Machine B runs a later release: its commit says so, and its file's format is newer.
    path = club.b.file("fredag")
    path.write_text(path.read_text().replace("\nversion = ", "\nversion = 9", 1))
    git(club.b.home, "add", "-A")
    git(
        club.b.home, "-c", "user.name=B", "-c", "user.email=b@b", "commit", "-q",
        "-m", f"sessions fredag\n\n{club_store.RELEASE_TRAILER}: 9.0.0\n",
    )
    git(club.b.home, "push", "-q", "origin", "main")
    head = club.a.head()
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert "chicago-protokoll 9.0.0" in result.stderr and "install" in result.stderr
    assert club.a.head() == head and club.a.clean()
    assert "version = 9" not in club.a.file("fredag").read_text()


def test_the_push_runs_without_the_data_directorys_lock_and_the_clones_pre_push_hook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    club.a.ok(*PASS_DEAL)
    # A pre-push hook tries each lock the way a recording does, without waiting.
    report = tmp_path / "locks"
    hook = club.a.home / ".git" / "hooks" / "pre-push"
    hook.write_text(
        "#!/bin/sh\n"
        f"exec {os.sys.executable} -c \"import fcntl,sys\n"
        "held=[]\n"
        "for d in ('sessions','nights'):\n"
        "    f=open(d+'/.chicago-protokoll.lock','a')\n"
        "    try: fcntl.flock(f,fcntl.LOCK_EX|fcntl.LOCK_NB)\n"
        "    except BlockingIOError: held.append(d)\n"
        f"open('{report}','w').write('held: '+' '.join(held))\"\n"
    )
    hook.chmod(0o755)
    club.a.ok("club", "sync")
    assert report.read_text() == "held: "
    assert club.origin_head() == club.a.head()


def test_a_round_drawn_differently_on_both_machines_is_a_conflict_settled_by_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch)
    club.a.ok("night", "new", "klubb", "Anna", "Bo", "Cilla", "Dag", "Eva", "Fia", "--seed", "3")
    for table in (1, 2):  # a royal straight flush ends each game of round 1 at once
        seats = club.a.ok("status", "--json", "--session", f"klubb-r1-t{table}")
        first = seats.split('"name": "')[1].split('"')[0]
        club.a.ok("royal", first, "--session", f"klubb-r1-t{table}")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    club.b.ok("night", "join", "Kim", "klubb")  # B draws round 2 with Kim, A without
    club.a.ok("night", "draw", "klubb")
    club.b.ok("night", "draw", "klubb")
    club.a.ok("club", "sync")
    night = club.b.home / "nights" / "klubb.toml"
    mine, head = night.read_bytes(), club.b.head()
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "round 2" in result.stderr and "club keep klubb" in result.stderr
    # B's own draw is committed and stays so; only the merge was left undone.
    assert "committed: " in result.stdout and club.b.head() != head
    assert club.b.committed("nights/klubb.toml") == mine == night.read_bytes()
    assert club.b.clean() and club.b.status() == ""
    assert (club.b.home / "nights" / "klubb.theirs.toml").exists()
    assert "klubb.theirs" not in club.b.ok("night", "status", "klubb")
    club.b.ok("club", "keep", "klubb", "--theirs")
    assert night.read_bytes() == (club.a.home / "nights" / "klubb.toml").read_bytes()
    assert not (club.b.home / "nights" / "klubb.theirs.toml").exists()


def test_the_merge_driver_writes_the_merge_into_ours_or_leaves_it_and_names_the_conflict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chicago_protokoll.core.night import join, leave
    from chicago_protokoll.core.night_draw import new_night
    from chicago_protokoll.store.nightformat import dumps_night

    base = new_night("fredag", ("Anna", "Bo", "Cilla", "Dag", "Eva", "Fia"), created="2026-12-04T18:00:00+00:00")
    files = {}
    for name, night in (("base", base), ("ours", join(base, "Kim")), ("theirs", leave(base, "Bo"))):
        files[name] = tmp_path / name
        files[name].write_text(dumps_night(night))
    machine = Machine(tmp_path / "home", monkeypatch)
    machine.ok("merge-driver", str(files["base"]), str(files["ours"]), str(files["theirs"]), "nights/fredag.toml")
    merged = files["ours"].read_text()
    assert '"Kim"' in merged and 'move = "leave"' in merged
    # A night started twice under one name: exit 1, one line, OURS as it was.
    other = tmp_path / "other"
    other.write_text(dumps_night(new_night("fredag", ("Gun", "Hans", "Ida"), created="2026-12-05T18:00:00+00:00")))
    empty = tmp_path / "empty"
    empty.write_text("")
    result = machine.run("merge-driver", str(empty), str(files["ours"]), str(other), "nights/fredag.toml")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "two different nights" in result.stderr
    assert files["ours"].read_text() == merged


def test_the_saved_house_rules_changed_on_both_machines_is_a_conflict_settled_by_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    club.a.ok("rules", "init", "--preset", "family")
    club.a.ok("club", "sync")
    club.b.ok("club", "sync")
    rules = "house-rules.toml"
    for machine, target in ((club.a, "51"), (club.b, "60")):
        path = machine.home / rules
        path.write_text(path.read_text().replace("target = 52", f"target = {target}", 1))
    club.a.ok("club", "sync")
    mine = (club.b.home / rules).read_bytes()
    result = club.b.run("club", "sync")
    assert result.exit_code == 1
    assert "house-rules.toml was changed on both machines" in result.stderr
    assert "club keep house-rules.toml --ours" in result.stderr
    assert (club.b.home / rules).read_bytes() == mine and club.b.clean()
    club.b.ok("club", "keep", "house-rules.toml", "--ours")
    club.a.ok("club", "sync")
    assert (club.a.home / rules).read_bytes() == mine


def test_a_remote_that_cannot_be_reached_leaves_the_commit_here_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club(tmp_path, monkeypatch, "Anna", "Bo", "Cilla")
    git(club.a.home, "remote", "set-url", "origin", str(tmp_path / "gone.git"))
    club.a.ok(*PASS_DEAL)
    result = club.a.run("club", "sync")
    assert result.exit_code == 1
    assert "committed here, but origin could not be reached" in result.stderr
    assert git(club.a.home, "status", "--porcelain").stdout == ""
