"""The outbox on a team server, from the command line: `--queue`, `tern sync`, `tern status`.

One person ("alice") reaches the test cluster through the delay/cut proxy, so the tests
can take the network away from her alone; everyone else, and the checks, go straight to
the server. Needs scripts/with-postgres.sh (TERN_TEST_POSTGRES); without it these FAIL.
"""
import json
import os
import re
import signal
import subprocess
import time

from netproxy import DelayProxy
from tern import DataDir
from test_server import Server, password_of, psql

SEOUL = "1835848"


class Person:
    """Someone on their own machine, reaching the server at `store`."""

    def __init__(self, server, store, email, username):
        self.server, self.store, self.data = server, store, DataDir()
        made = self.tern("register", "--email", email, input=password_of(email) + "\n", TERN_INVITE=server.invite())
        assert made.returncode == 0, made.stderr
        named = self.tern("profile", "set", "--display-name", username.title(), "--username", username)
        assert named.returncode == 0, named.stderr

    def tern(self, *args, input=None, **env):
        return self.server.tern(list(args), self.data, input=input, TERN_STORE=self.store, **env)

    def ok(self, *args):
        result = self.tern(*args)
        assert result.returncode == 0, (args, result.stdout, result.stderr)
        return result.stdout

    def json(self, *args):
        return json.loads(self.ok("--json", *args))

    def post(self, text):
        return self.json("post", text)["id"]


def people(server, proxy):
    alice = Person(server, proxy.postgres_url(server.name), "alice@example.com", "alice")
    bob = Person(server, server.store, "bob@example.com", "bob")
    return alice, bob


def posts_by(reader, username):
    return [post for post in reader.json("feed", "--limit", "1000") if post["username"] == username]


def test_queued_writes_survive_and_are_sent_once_when_the_server_is_back():
    with Server() as server, DelayProxy() as proxy:
        alice, bob = people(server, proxy)
        first = bob.post("first from bob")
        assert alice.ok("sync").strip().endswith("0 sent, 0 dropped, 0 pending")
        status = alice.json("status")
        assert status == {"store": proxy.postgres_url(server.name), "connection": "online", "reason": None, "pending": 0}

        proxy.cut()
        refused = alice.tern("like", first)
        assert refused.returncode == 1
        assert re.fullmatch(r"tern: cannot reach the team server at 127\.0\.0\.1:%d \(.+\); retry, or add --queue to send it later\n"
                            % proxy.port, refused.stderr), refused.stderr
        assert alice.ok("like", first, "--queue") == "queued\n"
        assert alice.ok("post", "--queue", "hello while offline") == "queued\n"
        assert alice.ok("favorites", "add", SEOUL, "--queue") == "queued\n"
        assert alice.ok("profile", "set", "--bio", "on a train", "--queue") == "queued\n"
        # A change the outbox cannot queue says so instead of changing only the local copy.
        assert alice.tern("favorites", "memo", SEOUL, "window seat").returncode == 1

        status = alice.json("status")
        assert status["connection"] == "offline" and status["reason"] and status["pending"] == 4, status
        text = alice.ok("status")
        assert text.splitlines()[1].startswith("connection: offline (") and text.splitlines()[2] == "pending: 4", text
        # Offline reads come from the local copy, with the queued writes already in it.
        shown = {post["id"]: post for post in alice.json("feed")}
        assert shown[first]["didLike"] and shown[first]["likes"] == 1, shown
        assert any(post["caption"] == "hello while offline" for post in shown.values())
        failed = alice.tern("sync")
        assert failed.returncode == 1 and "cannot reach the team server" in failed.stderr and "4 pending" in failed.stderr

        # Nothing reached the server meanwhile.
        assert bob.json("feed")[0]["likes"] == 0
        assert posts_by(bob, "alice") == []

        proxy.restore()
        sent = alice.ok("sync").splitlines()
        assert sent[:3] == ["sent like " + first, sent[1], "sent save " + SEOUL], sent
        assert re.fullmatch(r"sent post [A-Za-z0-9]{20}", sent[1]), sent
        assert sent[3:] == ["sent profile", "4 sent, 0 dropped, 0 pending"], sent
        assert alice.ok("sync").splitlines() == ["0 sent, 0 dropped, 0 pending"]

        assert [post["likes"] for post in bob.json("feed") if post["id"] == first] == [1]
        assert [post["caption"] for post in posts_by(bob, "alice")] == ["hello while offline"]
        assert [place["placeID"] for place in alice.json("favorites", "list")] == [SEOUL]
        assert alice.json("status")["pending"] == 0


def test_a_write_the_server_refuses_on_replay_is_dropped_and_named():
    with Server() as server, DelayProxy() as proxy:
        alice, bob = people(server, proxy)
        doomed, kept = bob.post("about to go"), bob.post("stays")
        alice.ok("sync")
        proxy.cut()
        alice.ok("like", doomed, "--queue")
        alice.ok("like", kept, "--queue")
        psql(server.admin, f"DELETE FROM documents WHERE parent = 'tweets' AND id = '{doomed}'")
        proxy.restore()
        lines = alice.ok("sync").splitlines()
        assert lines[0].startswith(f"dropped like {doomed}: ") and doomed in lines[0], lines
        assert lines[1:] == ["sent like " + kept, "1 sent, 1 dropped, 0 pending"], lines
        assert [post["likes"] for post in bob.json("feed")] == [1]


def test_kill_9_while_sending_loses_nothing_and_sends_nothing_twice():
    with Server() as server, DelayProxy() as proxy:
        alice, bob = people(server, proxy)
        target = bob.post("like me, then not, then again")
        alice.ok("sync")
        proxy.cut()
        count = 40
        for index in range(count):
            alice.ok("post", "--queue", f"queued {index}")
            alice.ok("like" if index % 2 == 0 else "unlike", target, "--queue")
        proxy.restore()
        proxy.delay(30)
        syncing = subprocess.Popen([os.environ["TERN_BIN"], "sync"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   env=alice.data.env(TERN_STORE=alice.store))
        seen = 0
        while seen < count // 2:
            line = syncing.stdout.readline()
            assert line, syncing.stderr.read()
            seen += line.startswith("sent ")
        syncing.send_signal(signal.SIGKILL)
        syncing.wait()
        assert alice.json("status")["pending"] < 2 * count
        proxy.delay(0)
        lines = alice.ok("sync").splitlines()
        assert lines[-1].endswith(" dropped, 0 pending") and " 0 dropped" in lines[-1], lines
        captions = sorted(post["caption"] for post in posts_by(bob, "alice"))
        assert captions == sorted(f"queued {index}" for index in range(count)), captions
        # The last queued write was an unlike: nothing of alice's likes remains.
        assert [post["likes"] for post in bob.json("feed") if post["id"] == target] == [0]


def test_folder_edits_memos_copies_and_moves_queue_offline_and_are_sent_once():
    with Server() as server, DelayProxy() as proxy:
        alice, bob = people(server, proxy)
        alice.ok("favorites", "add", SEOUL)
        alice.ok("favorites", "folder", "create", "Old")
        alice.ok("sync")  # brings the local copy up to date, as the interface's worker does
        proxy.cut()
        refused = alice.tern("favorites", "folder", "create", "Jeju")
        assert refused.returncode == 1 and "add --queue" in refused.stderr, refused.stderr
        for args in [
            ("favorites", "folder", "create", "Trip", "--color", "green"),
            ("favorites", "folder", "rename", "Trip", "Jeju"),
            ("favorites", "folder", "set", "Jeju", "--color", "orange", "--visibility", "shared"),
            ("favorites", "memo", SEOUL, "window", "seat"),
            ("favorites", "copy", SEOUL, "--to", "Old"),
            ("favorites", "move", SEOUL, "--from", "Old", "--to", "Jeju"),
            ("favorites", "remove", SEOUL, "--folder", "Favorites"),
            ("favorites", "folder", "delete", "Old"),
        ]:
            assert alice.ok(*args, "--queue") == "queued\n", args
        # The local copy shows them at once; the server has none of them yet.
        assert [folder["name"] for folder in alice.json("favorites", "folders")] == ["Favorites", "Jeju"]
        assert alice.json("status")["pending"] == 8
        assert bob.ok("favorites", "list", "--user", "@alice") == "@alice shares no folders.\n"

        proxy.restore()
        sent = alice.ok("sync").splitlines()
        assert sent[-1] == "8 sent, 0 dropped, 0 pending", sent
        assert alice.ok("sync").splitlines() == ["0 sent, 0 dropped, 0 pending"]
        shared = bob.json("favorites", "list", "--user", "@alice", "--folder", "Jeju")
        assert [(place["placeID"], place["memo"], place["folders"]) for place in shared] == [
            (SEOUL, "window seat", ["Jeju"])], shared
        folders = {folder["name"]: folder for folder in alice.json("favorites", "folders")}
        assert sorted(folders) == ["Favorites", "Jeju"] and folders["Jeju"]["color"] == "orange", folders
        assert folders["Jeju"]["count"] == 1 and folders["Favorites"]["count"] == 0, folders
