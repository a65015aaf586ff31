"""The home timeline: `tern feed --following` lists the posts of the people one follows and
one's own, a repost once with `repostedBy`; in the interface `v` moves All → Following →
Liked → Bookmarks → All and the title says which."""
import json
import os

from tern import DataDir, run
from test_accounts import register
from test_follows import onboard
from test_people import wait_until
from test_ui import start


def feed(data, *extra, env=None):
    result = run(["feed", "--json", *extra], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_feed_following_lists_followed_and_own_posts_with_a_repost_once():
    with DataDir() as data:
        bob = {"TERN_SESSION": os.path.join(data.path, "bob")}
        cat = {"TERN_SESSION": os.path.join(data.path, "cat")}
        signed_out = run(["feed", "--following"], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        for name, env in (("bob", bob), ("cat", cat)):
            assert register(data, f"{name}@example.com", session=env["TERN_SESSION"]).returncode == 0
            onboard(data, name, session=env["TERN_SESSION"])
        assert feed(data, "--following") == [], "following nobody, only one's own posts, and none yet"
        nobody = run(["feed", "--following"], data)
        assert "tern follow @NAME" in nobody.stdout, nobody.stdout
        for name in ("@bob", "@cat", "@emma_paris"):
            assert run(["follow", name], data).returncode == 0
        target = next(p for p in feed(data) if p["username"] == "minjun_park")
        for env in (bob, cat):
            assert run(["repost", target["id"]], data, env=env).returncode == 0
        assert run(["post", "my own"], data).returncode == 0

        posts = feed(data, "--following")
        assert {p["username"] for p in posts} <= {"ann", "emma_paris", "minjun_park"}
        assert [p["id"] for p in posts].count(target["id"]) == 1, "a repost shows once"
        assert posts[0]["caption"] == "my own" and posts[0]["repostedBy"] is None
        reposted = next(p for p in posts if p["id"] == target["id"])
        assert set(reposted["repostedBy"]) == {"uid", "username", "displayName"}
        assert reposted["repostedBy"]["username"] == "cat", "the newest repost of the people followed"
        assert reposted["reposts"] == target["reposts"] + 2
        assert all(p["repostedBy"] is None for p in feed(data)), "All shows no reposts"
        text = run(["feed", "--following"], data)
        assert text.stdout.count("Cat reposted") == 1, text.stdout
        assert run(["feed", "--following", "--liked"], data).returncode == 2


def test_v_moves_through_the_views_and_following_shows_the_repost():
    with DataDir() as data:
        bob = {"TERN_SESSION": os.path.join(data.path, "bob")}
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        assert register(data, "bob@example.com", session=bob["TERN_SESSION"]).returncode == 0
        onboard(data, "bob", session=bob["TERN_SESSION"])
        target = feed(data)[3]
        assert run(["repost", target["id"]], data, env=bob).returncode == 0
        assert run(["follow", "@bob"], data).returncode == 0
        ui = start(data, width=100, height=30)
        try:
            ui.send("3")
            ui.wait_for("Feed · Following")
            wait_until(ui, lambda s: s.count("Bob reposted") == 1, 5, "the repost line")
            for title in ("Feed · Liked", "Feed · Bookmarks", "Feed · All", "Feed · Following"):
                ui.send("v")
                ui.wait_for(title)
        finally:
            ui.kill()
