"""TAB completes a hand after PLAYER: in a real bash, which breaks words at ':'
(COMP_WORDBREAKS), and in zsh's and fish's protocol, for a name or the start of one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pexpect

from cli_support import CHICAGO, ok
from fast.test_completions_files import complete

ROOT = Path(__file__).resolve().parents[2]


def test_bash_completes_the_hand_after_a_player_and_colon() -> None:
    """In an interactive bash with completions/chicago.bash sourced, TAB turns
    `buy Anna:kå` into `buy Anna:kåk` and `--buy an:full-h` into `an:full-house`."""
    ok("new", "fredag", "Anna", "Bo", "Cilla")
    bash = shutil.which("bash")
    assert bash is not None
    env = {
        **os.environ,
        "PATH": f"{CHICAGO.parent}{os.pathsep}{os.environ['PATH']}",
        "PS1": "$ ",
        "INPUTRC": "/dev/null",
        "LANG": "C.UTF-8",
        "CHICAGO_LANG": "en",
    }
    child = pexpect.spawn(
        bash, ["--norc", "--noprofile", "-i"], env=env, encoding="utf-8", timeout=30
    )
    try:
        child.expect_exact("$ ")
        script = ROOT / "completions" / "chicago.bash"
        child.sendline(f"bind 'set enable-bracketed-paste off'; source '{script}'")
        child.expect_exact("$ ")
        for typed, completed in [
            ("chicago buy Anna:kå", "chicago buy Anna:kåk "),
            ("chicago deal --buy an:full-h", "chicago deal --buy an:full-house "),
        ]:
            # TAB, then Ctrl-A and Ctrl-E wrap the line in an echo that shows it
            child.send(typed + '\t\x01echo "<\x05>"\r')
            child.expect(r"\n<(.*)>\r\n")
            assert child.match.group(1) == completed
            child.expect_exact("$ ")
    finally:
        child.close(force=True)


def test_zsh_and_fish_offer_the_hands_after_a_player_prefix() -> None:
    """`an:f` offers Anna's hands starting with f (Swedish and English names); a prefix
    that fits two players, or none, offers nothing."""
    ok("new", "fredag", "Anna", "Anders", "Bo")
    assert complete("fish", "chicago buy Bo:f") == [
        "Bo:färg",
        "Bo:fyrtal",
        "Bo:färgstege",
        "Bo:flush",
        "Bo:full-house",
        "Bo:four-of-a-kind",
    ]
    assert "anna\\\\:kåk" in " ".join(complete("zsh", "chicago showdown anna:k"))
    assert complete("fish", "chicago buy an:k") == []
    assert complete("fish", "chicago buy X:k") == []
