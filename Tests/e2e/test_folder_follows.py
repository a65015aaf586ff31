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


def test_f_on_a_profiles_folder_follows_it_into_favorites_live_until_it_is_private():
    """The running interface (tmux): `F` on Mina's shared folder opened from her profile
    follows it; Favorites lists `@mina_k/카페 ↗`, a place Mina adds from another process shows
    without a key, and made private it leaves with a one-line notice. Mina's notification
    names the folder."""
    from test_people import wait_until
    from test_ui import start
    with DataDir() as data:
        owner = os.path.join(data.path, "owner.session")
        reader = os.path.join(data.path, "reader.session")
        assert register(data, "mina@example.com", session=owner).returncode == 0
        assert register(data, "jun@example.com", session=reader).returncode == 0
        as_owner, as_reader = {"TERN_SESSION": owner}, {"TERN_SESSION": reader}
        ok(["profile", "set", "--display-name", "Mina", "--username", "mina_k"], data, as_owner)
        ok(["profile", "set", "--display-name", "Jun", "--username", "jun_p"], data, as_reader)
        ok(["favorites", "folder", "create", "카페", "--visibility", "shared"], data, as_owner)
        ok(["favorites", "add", JEJU, "--folder", "카페"], data, as_owner)
        ok(["post", "카페 폴더를 공유했어요"], data, as_owner)

        ui = start(data, width=120, height=30, env=as_reader)
        try:
            ui.send("3")
            ui.wait_for("카페 폴더를 공유했어요")
            ui.send("Enter")
            ui.wait_for("Not following")
            ui.send("f")
            ui.wait_for("Shared folders (1)")
            ui.send("Enter")
            ui.wait_for("@mina_k · 카페")
            ui.send("F")
            wait_until(ui, lambda s: "followed" in s.splitlines()[1], 5, "the follow")
            ui.send("2")
            ui.wait_for("@mina_k/카페 ↗")
            ui.send("]")
            wait_until(ui, lambda s: "@mina_k/카페 (1)" in s.splitlines()[1], 5, "the followed folder selected")

            ok(["favorites", "add", SEOUL, "--folder", "카페"], data, as_owner)
            wait_until(ui, lambda s: "@mina_k/카페 (2)" in s.splitlines()[1], 5, "the owner's new place")
            folders = json.loads(ok(["favorites", "folders", "--json"], data, as_reader))
            assert [(f["name"], f["followed"]) for f in folders] == [("Favorites", False), ("카페", True)]
            assert folders[1]["owner"]["username"] == "mina_k" and folders[1]["followers"] == 1

            ui.send("x")
            ui.wait_for("is someone else's")
            ok(["favorites", "folder", "set", "카페", "--visibility", "private"], data, as_owner)
            screen = wait_until(ui, lambda s: "left your Favorites" in s, 5, "the notice")
            assert "@mina_k/카페 ↗" not in screen, screen
        finally:
            ui.kill()
        notes = json.loads(ok(["notifications", "--json"], data, as_owner))
        follow = [n for n in notes if n["id"].startswith("folder-follow-")]
        assert len(follow) == 1 and follow[0]["kind"] == "follow", notes
        assert follow[0]["folderName"] == "카페" and follow[0]["actor"]["username"] == "jun_p", follow
        assert "@jun_p followed your folder 카페" in ok(["notifications"], data, as_owner)
