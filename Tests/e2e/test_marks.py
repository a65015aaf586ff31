"""Bookmarks and reposts through the command line: idempotent, reposts counted exactly
under many processes, bookmarks private and listed by `feed --bookmarks`."""
import json
import os
import subprocess

from tern import BIN, DataDir, run
from test_accounts import register
from test_follows import onboard

POST_FIELDS = {"id", "caption", "timestamp", "uid", "username", "displayName", "likes", "didLike",
               "reposts", "didRepost", "didBookmark", "replyTo", "replies", "repostedBy", "place"}


def feed(data, *extra, env=None):
    result = run(["feed", "--json", *extra], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def marked(data, command, post_id, env=None):
    result = run([command, post_id, "--json"], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_bookmarks_are_idempotent_private_and_listed():
    with DataDir() as data:
        ann = os.path.join(data.path, "ann")
        bob = os.path.join(data.path, "bob")
        assert register(data, "ann@example.com", session=ann).returncode == 0
        assert register(data, "bob@example.com", session=bob).returncode == 0
        posts = feed(data)
        assert set(posts[0]) == POST_FIELDS and not any(p["didBookmark"] or p["didRepost"] for p in posts)
        first, second = posts[0]["id"], posts[1]["id"]
        for _ in range(2):
            shown = marked(data, "bookmark", second, env={"TERN_SESSION": ann})
            assert shown["didBookmark"] is True and set(shown) == POST_FIELDS
        marked(data, "bookmark", first, env={"TERN_SESSION": ann})
        assert [p["id"] for p in feed(data, "--bookmarks", env={"TERN_SESSION": ann})] == [first, second]
        assert feed(data, "--bookmarks", env={"TERN_SESSION": bob}) == [], "bookmarks are private"
        assert not any(p["didBookmark"] for p in feed(data, env={"TERN_SESSION": bob}))
        text = run(["feed", "--bookmarks"], data, env={"TERN_SESSION": ann})
        assert text.returncode == 0 and "Your bookmarks" in text.stdout and "⚑" in text.stdout, text.stdout
        for _ in range(2):
            gone = marked(data, "unbookmark", first, env={"TERN_SESSION": ann})
            assert gone["didBookmark"] is False
        assert [p["id"] for p in feed(data, "--bookmarks", env={"TERN_SESSION": ann})] == [second]
        empty = run(["feed", "--bookmarks"], data, env={"TERN_SESSION": bob})
        assert "No bookmarks yet" in empty.stdout


def test_reposts_are_idempotent_counted_and_refused_where_they_should_be():
    with DataDir() as data:
        target = feed(data)[0]
        signed_out = run(["repost", target["id"]], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr
        assert run(["bookmark", target["id"]], data).returncode == 1
        bookmarks = run(["feed", "--bookmarks"], data)
        assert bookmarks.returncode == 1 and "Sign in" in bookmarks.stderr
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        for _ in range(2):
            shown = marked(data, "repost", target["id"])
            assert shown["didRepost"] is True and shown["reposts"] == target["reposts"] + 1
        for _ in range(2):
            shown = marked(data, "unrepost", target["id"])
            assert shown["didRepost"] is False and shown["reposts"] == target["reposts"]
        missing = run(["repost", "no-such-post"], data)
        assert missing.returncode == 1 and "no-such-post" in missing.stderr
        assert len(missing.stderr.strip().splitlines()) == 1
        assert run(["feed", "--liked", "--bookmarks"], data).returncode == 2


def test_eight_processes_reposting_one_post():
    with DataDir() as data:
        sessions = []
        for i in range(8):
            session = os.path.join(data.path, f"s{i}")
            assert register(data, f"user{i}@example.com", session=session).returncode == 0
            sessions.append(session)
        target = feed(data)[0]
        script = (
            'for i in $(seq 1 21); do '
            'if [ $((i % 2)) -eq 1 ]; then "$BIN" repost "$ID" >/dev/null || exit 1; '
            'else "$BIN" unrepost "$ID" >/dev/null || exit 1; fi; done'
        )
        workers = []
        for session in sessions:
            env = data.env(TERN_SESSION=session, BIN=BIN, ID=target["id"])
            workers.append(subprocess.Popen(["bash", "-c", script], env=env, stderr=subprocess.PIPE, text=True))
        for worker in workers:
            _, err = worker.communicate(timeout=600)
            assert worker.returncode == 0, err
        after = [p for p in feed(data, "--limit", "500") if p["id"] == target["id"]][0]
        assert after["reposts"] == target["reposts"] + 8
        for session in sessions:
            mine = [p for p in feed(data, "--limit", "500", env={"TERN_SESSION": session}) if p["id"] == target["id"]]
            assert mine[0]["didRepost"] is True
