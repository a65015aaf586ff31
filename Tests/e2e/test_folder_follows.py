"""Follows of folders through the command line (issue 29, point 4): follow another person's
shared folder, read it as the owner adds to it, every refusal one line and exit 1, and the
folder gone from the follower's folders once its owner makes it private."""
import json
import os

from tern import DataDir, run
from test_accounts import register

SEOUL, JEJU = "1835848", "1846266"


def ok(args, data, env):
    result = run(args, data, env=env)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


def refused(args, data, env, text):
    result = run(args, data, env=env)
    assert result.returncode == 1, (args, result.stdout, result.stderr)
    assert text in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_follow_a_shared_folder_read_it_live_and_lose_it_when_private():
    with DataDir() as data:
        owner = os.path.join(data.path, "owner.session")
        reader = os.path.join(data.path, "reader.session")
        assert register(data, "mina@example.com", session=owner).returncode == 0
        assert register(data, "jun@example.com", session=reader).returncode == 0
        as_owner, as_reader = {"TERN_SESSION": owner}, {"TERN_SESSION": reader}
        ok(["profile", "set", "--display-name", "Mina", "--username", "mina_k"], data, as_owner)
        ok(["favorites", "folder", "create", "카페", "--visibility", "shared"], data, as_owner)
        ok(["favorites", "folder", "create", "Secret"], data, as_owner)
        ok(["favorites", "add", JEJU, "--folder", "카페"], data, as_owner)

        assert "@mina_k/카페" in ok(["favorites", "follow", "@mina_k", "카페"], data, as_reader)
        refused(["favorites", "follow", "@mina_k", "카페"], data, as_reader, "already follow")
        refused(["favorites", "follow", "@mina_k", "Secret"], data, as_reader, "not shared")
        refused(["favorites", "follow", "@mina_k", "없음"], data, as_reader, "없음")
        refused(["favorites", "follow", "@mina_k", "카페"], data, as_owner, "your own")
        refused(["favorites", "unfollow", "@mina_k", "Secret"], data, as_reader, "do not follow")

        folders = json.loads(ok(["favorites", "folders", "--json"], data, as_reader))
        assert [(f["name"], f["followed"]) for f in folders] == [("Favorites", False), ("카페", True)]
        assert folders[1]["owner"]["username"] == "mina_k" and folders[1]["followers"] == 1
        assert "owner" not in folders[0]
        mine = json.loads(ok(["favorites", "folders", "--json"], data, as_owner))
        assert [f["followers"] for f in mine if f["name"] == "카페"] == [1]

        # The owner adds a place: the follower reads it in the followed folder.
        ok(["favorites", "add", SEOUL, "--folder", "카페"], data, as_owner)
        places = json.loads(ok(["favorites", "list", "--folder", "@mina_k/카페", "--json"], data, as_reader))
        assert sorted(p["placeID"] for p in places) == sorted([JEJU, SEOUL])

        # Made private: gone from the follower's folders, and unreadable.
        ok(["favorites", "folder", "set", "카페", "--visibility", "private"], data, as_owner)
        folders = json.loads(ok(["favorites", "folders", "--json"], data, as_reader))
        assert [f["name"] for f in folders] == ["Favorites"]
        assert run(["favorites", "list", "--folder", "@mina_k/카페"], data, env=as_reader).returncode == 1
        assert "@mina_k/카페" in ok(["favorites", "unfollow", "@mina_k", "카페"], data, as_reader)
        mine = json.loads(ok(["favorites", "folders", "--json"], data, as_owner))
        assert [f["followers"] for f in mine if f["name"] == "카페"] == [0]


def test_on_a_team_server_the_follower_reads_the_owners_new_place_and_loses_it_when_private():
    from test_server import Server
    with Server() as server, DataDir() as mina, DataDir() as river:
        server.register(mina, "mina@example.com", "mina_k")
        server.register(river, "river@example.com", "river")
        for args in (["favorites", "folder", "create", "카페", "--visibility", "shared"],
                     ["favorites", "folder", "create", "Secret"],
                     ["favorites", "add", JEJU, "--folder", "카페"]):
            done = server.tern(args, mina)
            assert done.returncode == 0, (args, done.stderr)
        follow = server.tern(["favorites", "follow", "@mina_k", "카페"], river)
        assert follow.returncode == 0 and "@mina_k/카페" in follow.stdout, (follow.stdout, follow.stderr)
        again = server.tern(["favorites", "follow", "@mina_k", "카페"], river)
        assert again.returncode == 1 and "already follow" in again.stderr, again.stderr
        secret = server.tern(["favorites", "follow", "@mina_k", "Secret"], river)
        assert secret.returncode == 1, secret.stderr

        assert server.tern(["favorites", "add", SEOUL, "--folder", "카페"], mina).returncode == 0
        places = server.tern(["favorites", "list", "--folder", "@mina_k/카페", "--json"], river)
        assert places.returncode == 0, places.stderr
        assert sorted(p["placeID"] for p in json.loads(places.stdout)) == sorted([JEJU, SEOUL])
        folders = json.loads(server.tern(["favorites", "folders", "--json"], river).stdout)
        assert [(f["name"], f["followed"], f["followers"]) for f in folders][-1] == ("카페", True, 1)

        assert server.tern(["favorites", "folder", "set", "카페", "--visibility", "private"], mina).returncode == 0
        folders = json.loads(server.tern(["favorites", "folders", "--json"], river).stdout)
        assert not any(f["followed"] for f in folders)
        assert server.tern(["favorites", "list", "--folder", "@mina_k/카페"], river).returncode == 1
