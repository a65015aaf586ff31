"""The conversations' keys in the running interface (tmux): `t` reposts and `b` bookmarks
the selected post, `f` on an author's profile follows; what the keys did is what the
command line reads afterwards, in English and in Korean."""
import json

from tern import DataDir, Tmux, run
from test_accounts import register
from test_follows import onboard
from test_people import wait_until
from test_ui import start


def test_repost_bookmark_and_follow_keys_reach_the_store():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        first = json.loads(run(["feed", "--json", "--limit", "1"], data).stdout)[0]
        ui = start(data, width=120, height=30)
        try:
            ui.send("3")
            ui.wait_for(first["caption"][:20])
            ui.send("t")
            ui.send("b")
            wait_until(ui, lambda s: f"↻ {first['reposts'] + 1}  ↩ {first['replies']}  ⚑" in s, 5, "the repost and the bookmark")
            ui.send("enter")
            ui.wait_for("Not following")
            ui.send("F")
            screen = wait_until(ui, lambda s: "Following" in s and "Not following" not in s, 5, "the follow")
            assert "F follow" in screen.splitlines()[-1], screen
        finally:
            ui.kill()
        post = json.loads(run(["feed", "--json", "--limit", "1"], data).stdout)[0]
        assert post["didRepost"] and post["didBookmark"] and post["reposts"] == first["reposts"] + 1
        assert [p["id"] for p in json.loads(run(["feed", "--bookmarks", "--json"], data).stdout)] == [first["id"]]
        following = json.loads(run(["following", "--json"], data).stdout)
        assert [p["uid"] for p in following] == [first["uid"]]


def test_the_keys_speak_korean():
    with DataDir() as data:
        ui = Tmux([], data, width=120, height=30, env={"TERN_LANG": "ko"})
        try:
            ui.wait_for("1 장소")
            ui.send("3")
            ui.send("?")
            ui.wait_for("리포스트")
            ui.send("Escape")
            ui.send("t")
            ui.wait_for("Sign in")
        finally:
            ui.kill()
