"""People (issue 28, points 7 and 8) through the command line: `people search` matches names
as the place search does (Hangul initials, a half-typed syllable), `profile show` gives the
counts, and `mute`/`unmute` hide a person's posts from one's own feed only, idempotently,
refused signed out, for oneself and for unknown names; on a team server nobody else reads
anyone's mutes, even with plain psql."""
import json
import re
import subprocess

from tern import DataDir, run
from test_accounts import register
from test_follows import onboard
from test_people import wait_until
from test_ui import start


def json_of(result):
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_people_search_matches_names_as_the_place_search_does():
    with DataDir() as data:
        initials = json_of(run(["people", "search", "ㅅㅇ", "--json"], data))
        assert [p["username"] for p in initials] == ["seoyeon"], initials
        assert set(initials[0]) == {"uid", "username", "displayName", "followersCount", "followingCount"}
        half_typed = json_of(run(["people", "search", "서여", "--json"], data))
        assert [p["username"] for p in half_typed] == ["seoyeon"]
        assert [p["username"] for p in json_of(run(["people", "search", "ㅂㅁ", "--json"], data))] == ["minjun_park"]
        assert "emma_paris" in [p["username"] for p in json_of(run(["people", "search", "EMMA", "--json"], data))]
        text = run(["people", "search", "seoyeon"], data)
        assert text.returncode == 0 and text.stdout.startswith("@seoyeon  김서연"), text.stdout
        nobody = run(["people", "search", "zzzz"], data)
        assert nobody.returncode == 0 and "Nobody matches" in nobody.stdout
        korean = run(["people", "search", "zzzz"], data, env={"TERN_LANG": "ko"})
        assert "맞는 사람이 없습니다" in korean.stdout, korean.stdout


def test_profile_show_gives_the_counts_and_refuses_an_unknown_name():
    with DataDir() as data:
        shown = json_of(run(["profile", "show", "@seoyeon", "--json"], data))
        assert shown["username"] == "seoyeon" and shown["posts"] >= 1 and "email" not in shown
        assert {"followersCount", "followingCount", "posts", "avatar", "bio", "createdOn"} <= set(shown)
        text = run(["profile", "show", "seoyeon"], data)
        assert text.returncode == 0 and "김서연 @seoyeon" in text.stdout and "posts" in text.stdout, text.stdout
        unknown = run(["profile", "show", "@nobody_here"], data)
        assert unknown.returncode == 1 and "@nobody_here" in unknown.stderr
        assert len(unknown.stderr.strip().splitlines()) == 1


def test_mute_hides_a_persons_posts_from_ones_own_feed_only():
    with DataDir() as data:
        signed_out = run(["mute", "@seoyeon"], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr
        assert len(signed_out.stderr.strip().splitlines()) == 1
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        seoyeon = json_of(run(["profile", "show", "@seoyeon", "--json"], data))["uid"]
        everyone = json_of(run(["feed", "--json", "--limit", "200"], data))
        assert any(p["uid"] == seoyeon for p in everyone)
        for _ in range(2):
            muted = json_of(run(["mute", "@seoyeon", "--json"], data))
            assert muted["didMute"] is True and muted["username"] == "seoyeon"
        feed = json_of(run(["feed", "--json", "--limit", "200"], data))
        assert not any(p["uid"] == seoyeon for p in feed), "a muted person's posts leave the feed"
        assert len(feed) == len([p for p in everyone if p["uid"] != seoyeon])
        assert [p["username"] for p in json_of(run(["muted", "--json"], data))] == ["seoyeon"]
        # The muted person is not told, and the signed-out feed still shows everything.
        assert json_of(run(["profile", "show", "@seoyeon", "--json"], data))["followersCount"] >= 0
        nobody = {"TERN_SESSION": data.path + "/signed-out/session"}
        assert any(p["uid"] == seoyeon for p in json_of(run(["feed", "--json", "--limit", "200"], data, env=nobody)))
        for _ in range(2):
            assert json_of(run(["unmute", "@seoyeon", "--json"], data))["didMute"] is False
        assert any(p["uid"] == seoyeon for p in json_of(run(["feed", "--json", "--limit", "200"], data)))
        assert "You mute nobody" in run(["muted"], data).stdout
        myself = run(["mute", "@ann"], data)
        assert myself.returncode == 1 and "yourself" in myself.stderr
        unknown = run(["mute", "@nobody_here"], data)
        assert unknown.returncode == 1 and "@nobody_here" in unknown.stderr
        assert run(["mute"], data).returncode == 2


def test_mutes_on_a_team_server_are_their_owners_alone():
    from test_server import Server, password_of, psql, session_of

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        assert server.tern(["post", "bob says hello"], bob).returncode == 0
        assert any(p["username"] == "bob" for p in server.feed(ann))
        assert [p["username"] for p in json_of(server.tern(["people", "search", "bo", "--json"], ann))] == ["bob"]
        for _ in range(2):
            assert json_of(server.tern(["mute", "@bob", "--json"], ann))["didMute"] is True
        assert not any(p["username"] == "bob" for p in server.feed(ann)), "bob's posts leave ann's feed"
        assert any(p["username"] == "bob" for p in server.feed(bob)), "bob is not told and sees his own"
        assert [p["username"] for p in json_of(server.tern(["muted", "--json"], ann))] == ["bob"]

        def as_account(data, email, sql):
            role = session_of(data)["role"]
            url = re.sub(r"//[^/@]*@", f"//{role}:{password_of(email).replace(' ', '%20')}@", server.admin)
            return subprocess.run(["psql", url, "-X", "-q", "-t", "-A", "-c", sql], capture_output=True, text=True,
                                  timeout=60)

        mutes = "SELECT count(*) FROM documents WHERE parent LIKE 'users/%/mutes'"
        assert as_account(ann, "ann@example.com", mutes).stdout.strip() == "1"
        assert as_account(bob, "bob@example.com", mutes).stdout.strip() == "0", "nobody else reads ann's mutes"
        ann_uid = session_of(ann)["uid"]
        forged = as_account(bob, "bob@example.com", f"SELECT tern_write('users/{ann_uid}/mutes', 'x', '{{}}')")
        assert forged.returncode != 0, "nobody writes another account's mutes"
        direct = as_account(bob, "bob@example.com",
                            f"INSERT INTO documents (parent, id, doc) VALUES ('users/{ann_uid}/mutes', 'x', '{{}}')")
        assert direct.returncode != 0
        assert psql(server.admin, "SELECT count(*) FROM documents WHERE parent LIKE 'users/%/mutes'").split()[2] == "1"
        assert json_of(server.tern(["unmute", "@bob", "--json"], ann))["didMute"] is False
        assert any(p["username"] == "bob" for p in server.feed(ann))


def test_slash_on_the_feed_finds_a_person_and_enter_opens_their_profile():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        ui = start(data, width=100, height=30)
        try:
            ui.send("3")
            ui.wait_for("All posts")
            ui.send("/")
            ui.wait_for("Find people")
            ui.type("ㅅㅇ")
            wait_until(ui, lambda s: "@seoyeon  김서연" in s and "@minjun_park" not in s, 5, "the Hangul initials' match")
            ui.send("Enter")
            screen = wait_until(ui, lambda s: "Not following" in s, 5, "the profile")
            assert "@seoyeon" in screen and "Find people" not in screen, screen
            ui.send("F")
            wait_until(ui, lambda s: "Not following" not in s and "Following" in s, 5, "the follow")
            ui.send("Escape")
            ui.wait_for("All posts")
            ui.send("/")
            ui.type("zzzz")
            ui.wait_for("No one matches “zzzz”.")
            ui.send("Escape")
            ui.wait_for("All posts")
        finally:
            ui.kill()
        following = json_of(run(["following", "--json"], data))
        assert [p["username"] for p in following] == ["seoyeon"], following
