"""A new player's name may not hold '=' (`edit --buy 2=Anna:kåk` reads it as the köp's
number); a file written with one still loads."""

from __future__ import annotations

import pytest

from chicago_protokoll.core.names import PlayerNameError, check_player_names
from chicago_protokoll.core.session import new_session


def test_a_new_name_with_an_equals_sign_is_refused_saying_why() -> None:
    with pytest.raises(PlayerNameError, match="leave out '='"):
        new_session(["An=na", "Bo"])


def test_a_name_with_an_equals_sign_read_from_a_file_is_kept() -> None:
    assert check_player_names(["An=na", "Bo"], new=False) == ("An=na", "Bo")
    assert new_session(["An=na", "Bo"], new_names=False).players == ("An=na", "Bo")


def test_a_session_file_with_such_a_name_still_loads() -> None:
    from chicago_protokoll.store.fileformat import dumps_session, loads_session

    session = new_session(["An=na", "Bo"], new_names=False)
    assert loads_session(dumps_session(session), "old.toml").players == ("An=na", "Bo")
