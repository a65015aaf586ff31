"""Posts and likes through the command line: counters, relaunch, and many processes at once."""
import json
import os
import subprocess

from tern import BIN, DataDir, run
from test_accounts import register

LIKE_FIELDS = {"id", "caption", "timestamp", "uid", "username", "displayName", "likes", "didLike"}


def feed(data, *extra, env=None):
    result = run(["feed", "--json", *extra], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_signed_out_can_read_but_not_like_or_post():
    with DataDir() as data:
        posts = feed(data)
        assert posts and set(posts[0]) >= LIKE_FIELDS
        assert all(p["didLike"] is False for p in posts)
        stamps = [p["timestamp"] for p in posts]
        assert stamps == sorted(stamps, reverse=True), "newest first"
        like = run(["like", posts[0]["id"]], data)
        assert like.returncode == 1 and "Sign in" in like.stderr
        post = run(["post", "hello"], data)
        assert post.returncode == 1 and "Sign in" in post.stderr
        assert feed(data) == posts, "a refused action writes nothing"


def test_like_unlike_are_idempotent_and_counted():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        target = feed(data)[0]
        liked = run(["like", target["id"], "--json"], data)
        assert liked.returncode == 0, liked.stderr
        after = json.loads(liked.stdout)
        assert after["didLike"] is True and after["likes"] == target["likes"] + 1
        again = json.loads(run(["like", target["id"], "--json"], data).stdout)
        assert again["likes"] == target["likes"] + 1, "liking twice is a no-op"
        liked_view = feed(data, "--liked")
        assert [p["id"] for p in liked_view] == [target["id"]]
        unliked = json.loads(run(["unlike", target["id"], "--json"], data).stdout)
        assert unliked["didLike"] is False and unliked["likes"] == target["likes"]
        twice = json.loads(run(["unlike", target["id"], "--json"], data).stdout)
        assert twice["likes"] == target["likes"], "unliking an unliked post is a no-op"
        assert run(["like", "no-such-post"], data).returncode == 1


def test_post_rules():
    with DataDir() as data:
        assert register(data, "a@example.com").returncode == 0
        run(["profile", "set", "--display-name", "Ann", "--username", "ann"], data)
        made = run(["post", "  첫 글 🌸  ", "--json"], data)
        assert made.returncode == 0, made.stderr
        post = json.loads(made.stdout)
        assert post["caption"] == "첫 글 🌸" and post["likes"] == 0 and post["username"] == "ann"
        assert feed(data)[0]["id"] == post["id"]
        assert run(["post", "🌸" * 280], data).returncode == 0
        assert run(["post", "🌸" * 281], data).returncode == 1
        assert run(["post", "   "], data).returncode == 1
        assert run(["post", "bad \x1b[31m colour"], data).returncode == 1


def test_relaunch_keeps_one_hundred_likes():
    with DataDir() as data:
        run(["--no-sample", "feed"], data)
        assert register(data, "a@example.com").returncode == 0
        assert run(["profile", "set", "--display-name", "Ann", "--username", "ann"], data).returncode == 0
        for i in range(100):
            assert run(["post", f"post number {i}"], data).returncode == 0
        posts = feed(data, "--limit", "200")
        assert len(posts) == 100
        for p in posts:
            assert run(["like", p["id"]], data).returncode == 0
        relaunched = feed(data, "--limit", "200")
        assert all(p["didLike"] for p in relaunched)
        assert all(p["likes"] == 1 for p in relaunched)
        for p in relaunched[:10]:
            again = json.loads(run(["like", p["id"], "--json"], data).stdout)
            assert again["likes"] == 1
        assert feed(data, "--limit", "200") == relaunched
        assert len(feed(data, "--liked", "--limit", "200")) == 100


def test_eight_processes_toggling_one_post():
    with DataDir() as data:
        sessions = []
        for i in range(8):
            session = os.path.join(data.path, f"s{i}")
            assert register(data, f"user{i}@example.com", session=session).returncode == 0
            sessions.append(session)
        target = feed(data)[0]
        before = target["likes"]
        script = (
            'for i in $(seq 1 51); do '
            'if [ $((i % 2)) -eq 1 ]; then "$BIN" like "$ID" >/dev/null || exit 1; '
            'else "$BIN" unlike "$ID" >/dev/null || exit 1; fi; done'
        )
        workers = []
        for session in sessions:
            env = data.env(TERN_SESSION=session, BIN=BIN, ID=target["id"])
            workers.append(subprocess.Popen(["bash", "-c", script], env=env,
                                            stderr=subprocess.PIPE, text=True))
        for worker in workers:
            _, err = worker.communicate(timeout=600)
            assert worker.returncode == 0, err
        after = [p for p in feed(data, "--limit", "500") if p["id"] == target["id"]][0]
        assert after["likes"] == before + 8
        for session in sessions:
            mine = feed(data, "--liked", env={"TERN_SESSION": session})
            assert target["id"] in [p["id"] for p in mine]
