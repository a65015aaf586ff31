"""Replies and threads: `tern reply` and `tern thread` (text and JSON), the exact reply
count, the refusals (too long, unknown post, deleted post, signed out), a deleted parent
shown as `(deleted post)`, and `r` and `o` in the running interface (tmux)."""
import json

from tern import DataDir, run
from test_accounts import register
from test_follows import onboard
from test_people import wait_until
from test_ui import start


def feed(data):
    result = run(["feed", "--json"], data)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def reply(data, post_id, text):
    result = run(["reply", post_id, text, "--json"], data)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def thread(data, post_id):
    result = run(["thread", post_id, "--json"], data)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_reply_and_thread_on_the_command_line():
    with DataDir() as data:
        target = feed(data)[0]
        assert target["replyTo"] is None and target["replies"] == 0
        signed_out = run(["reply", target["id"], "hello"], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        first = reply(data, target["id"], "first answer")
        assert first["replyTo"] == target["id"] and first["replies"] == 0 and first["username"] == "ann"
        second = reply(data, first["id"], "an answer to the answer")
        third = reply(data, target["id"], "second answer")
        shown = thread(data, target["id"])
        assert shown["parents"] == [] and shown["post"]["id"] == target["id"]
        assert shown["post"]["replies"] == 2
        assert [r["id"] for r in shown["replies"]] == [first["id"], third["id"]], "oldest first"
        below = thread(data, second["id"])
        assert [p["id"] for p in below["parents"]] == [target["id"], first["id"]]
        assert below["parents"][1]["replies"] == 1 and below["replies"] == []
        text = run(["thread", first["id"]], data)
        assert text.returncode == 0 and "first answer" in text.stdout and "Replies (1)" in text.stdout, text.stdout
        assert f"↳ @{target['username']}" in text.stdout and "↩ 1" in text.stdout

        before = feed(data)
        for args in (["reply", target["id"], "x" * 281], ["reply", "no-such-post", "hello"]):
            refused = run(args, data)
            assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
        assert feed(data) == before, "a refused reply writes nothing"

        # Deleting a post keeps its replies; the thread shows the parent as deleted.
        assert run(["posts", "delete", first["id"]], data).returncode == 0
        gone = thread(data, second["id"])
        assert gone["parents"] == [{"id": first["id"], "deleted": True}]
        assert thread(data, target["id"])["post"]["replies"] == 1, "the deleted reply leaves the count"
        text = run(["thread", second["id"]], data)
        assert "(deleted post)" in text.stdout, text.stdout
        korean = run(["thread", second["id"]], data, env={"TERN_LANG": "ko"})
        assert "(삭제된 게시물)" in korean.stdout, korean.stdout
        dead = run(["reply", first["id"], "too late"], data)
        assert dead.returncode == 1 and "deleted" in dead.stderr and len(dead.stderr.strip().splitlines()) == 1


def test_r_replies_and_o_opens_the_thread():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        target = feed(data)[0]
        ui = start(data, width=120, height=40)
        try:
            ui.send("3")
            ui.wait_for(target["caption"][:20])
            ui.send("r")
            ui.wait_for(f"Reply to @{target['username']}")
            ui.type("typed in the interface")
            ui.send("enter")
            ui.wait_for("Reply posted")
            ui.send("o")
            screen = wait_until(ui, lambda s: "Thread" in s and "typed in the interface" in s, 5, "the thread")
            assert "↩ 1" in screen, screen
            ui.send("Escape")
            ui.wait_for("All posts")
        finally:
            ui.kill()
        shown = thread(data, target["id"])
        assert [r["caption"] for r in shown["replies"]] == ["typed in the interface"]
        assert shown["replies"][0]["replyTo"] == target["id"]


def test_replies_on_a_team_server():
    from test_server import Server

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        posted = server.tern(["post", "a question from ann", "--json"], ann)
        assert posted.returncode == 0, posted.stderr
        question = json.loads(posted.stdout)
        for text in ("bob answers", "bob again"):
            answered = server.tern(["reply", question["id"], text, "--json"], bob)
            assert answered.returncode == 0, answered.stderr
            assert json.loads(answered.stdout)["replyTo"] == question["id"]
        shown = server.tern(["thread", question["id"], "--json"], ann)
        assert shown.returncode == 0, shown.stderr
        thread = json.loads(shown.stdout)
        assert thread["post"]["replies"] == 2 and [r["caption"] for r in thread["replies"]] == ["bob answers", "bob again"]
        missing = server.tern(["reply", "no-such-post", "hello"], bob)
        assert missing.returncode == 1 and len(missing.stderr.strip().splitlines()) == 1, missing.stderr
        assert server.tern(["posts", "delete", question["id"]], ann).returncode == 0
        orphan = thread["replies"][0]["id"]
        after = json.loads(server.tern(["thread", orphan, "--json"], bob).stdout)
        assert after["parents"] == [{"id": question["id"], "deleted": True}], after
