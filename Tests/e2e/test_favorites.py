"""Favorites through the command line: rules, order and JSON shape."""
import json
import os

from tern import DataDir, run
from test_accounts import register

SEOUL, BUSAN = "1835848", "1838524"


def favorites(data, env=None):
    result = run(["favorites", "list", "--json"], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_signed_out_save_is_refused():
    with DataDir() as data:
        result = run(["favorites", "add", SEOUL], data)
        assert result.returncode == 1
        assert "Sign in" in result.stderr


def test_add_list_remove_newest_first():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        assert favorites(data) == []
        assert run(["favorites", "add", SEOUL], data).returncode == 0
        assert run(["favorites", "add", BUSAN], data).returncode == 0
        assert run(["favorites", "add", SEOUL], data).returncode == 0, "adding twice is fine"
        saved = favorites(data)
        assert [f["placeID"] for f in saved] == [BUSAN, SEOUL]
        first = saved[0]
        assert set(first) >= {"placeID", "placeName", "address", "coordinate", "savedAt"}
        assert isinstance(first["coordinate"]["latitude"], float)
        assert isinstance(first["coordinate"]["longitude"], float)
        assert first["placeName"] == "Busan"
        shown = json.loads(run(["places", "show", BUSAN, "--json"], data).stdout)
        assert shown["isFavorite"] is True
        assert run(["favorites", "remove", BUSAN], data).returncode == 0
        assert [f["placeID"] for f in favorites(data)] == [SEOUL]
        assert run(["favorites", "add", "999999999999"], data).returncode == 1


def test_favorites_belong_to_their_owner():
    with DataDir() as data:
        a = os.path.join(data.path, "a.session")
        b = os.path.join(data.path, "b.session")
        assert register(data, "a@example.com", session=a).returncode == 0
        assert register(data, "b@example.com", session=b).returncode == 0
        assert run(["favorites", "add", SEOUL], data, env={"TERN_SESSION": a}).returncode == 0
        assert favorites(data, env={"TERN_SESSION": b}) == []
        run(["favorites", "remove", SEOUL], data, env={"TERN_SESSION": b})
        assert [f["placeID"] for f in favorites(data, env={"TERN_SESSION": a})] == [SEOUL]
