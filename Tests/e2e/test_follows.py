"""Follows through the command line: idempotent, counted exactly, refused signed out, for
oneself and for unknown names, and exact under many processes at once."""
import json
import os
import subprocess

from tern import BIN, DataDir, run
from test_accounts import register


def onboard(data, name, session=None):
    env = {"TERN_SESSION": session} if session else None
    result = run(["profile", "set", "--display-name", name.title(), "--username", name], data, env=env)
    assert result.returncode == 0, result.stderr


def people(data, command, *extra, env=None):
    result = run([command, *extra, "--json"], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def profile(data, env=None):
    result = run(["whoami", "--json"], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_follow_unfollow_are_idempotent_and_counted():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        before = people(data, "followers", "@seoyeon")
        first = run(["follow", "@seoyeon", "--json"], data)
        assert first.returncode == 0, first.stderr
        shown = json.loads(first.stdout)
        assert shown["username"] == "seoyeon" and shown["didFollow"] is True
        assert shown["followersCount"] == len(before) + 1
        assert "email" not in shown
        again = json.loads(run(["follow", "seoyeon", "--json"], data).stdout)
        assert again["followersCount"] == len(before) + 1, "following twice is a no-op"
        assert [p["username"] for p in people(data, "following")] == ["seoyeon"]
        assert profile(data)["followingCount"] == 1
        followers = people(data, "followers", "@seoyeon")
        assert followers[0]["username"] == "ann" and len(followers) == len(before) + 1
        assert set(followers[0]) == {"uid", "username", "displayName", "followedAt"}
        text = run(["following"], data)
        assert text.returncode == 0 and "@seoyeon" in text.stdout, text.stdout
        gone = json.loads(run(["unfollow", "@seoyeon", "--json"], data).stdout)
        assert gone["didFollow"] is False and gone["followersCount"] == len(before)
        twice = json.loads(run(["unfollow", "@seoyeon", "--json"], data).stdout)
        assert twice["followersCount"] == len(before), "unfollowing someone not followed is a no-op"
        assert people(data, "following") == []
        assert profile(data)["followingCount"] == 0


def test_refusals_are_one_line_and_write_nothing():
    with DataDir() as data:
        signed_out = run(["follow", "@seoyeon"], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr
        assert len(signed_out.stderr.strip().splitlines()) == 1
        assert run(["following"], data).returncode == 1
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        unknown = run(["follow", "@nobody_here"], data)
        assert unknown.returncode == 1 and "@nobody_here" in unknown.stderr
        assert len(unknown.stderr.strip().splitlines()) == 1
        assert run(["followers", "@nobody_here"], data).returncode == 1
        myself = run(["follow", "@ann"], data)
        assert myself.returncode == 1 and "yourself" in myself.stderr
        assert profile(data)["followingCount"] == 0 and profile(data)["followersCount"] == 0
        assert run(["follow"], data).returncode == 2


def test_the_sample_communitys_counters_equal_its_follows():
    with DataDir() as data:
        for name in ("seoyeon", "minjun_park", "jiwoo"):
            followers = people(data, "followers", "@" + name)
            following = people(data, "following", "@" + name)
            shown = run(["followers", "@" + name], data).stdout
            assert str(len(followers)) in shown.splitlines()[0], shown
            assert len(following) >= 1 and len(followers) >= 1


def test_eight_processes_following_and_unfollowing_one_person():
    with DataDir() as data:
        sessions = []
        for i in range(8):
            session = os.path.join(data.path, f"s{i}")
            assert register(data, f"user{i}@example.com", session=session).returncode == 0
            onboard(data, f"user{i}", session=session)
            sessions.append(session)
        before = len(people(data, "followers", "@jiwoo"))
        script = (
            'for i in $(seq 1 21); do '
            'if [ $((i % 2)) -eq 1 ]; then "$BIN" follow @jiwoo >/dev/null || exit 1; '
            'else "$BIN" unfollow @jiwoo >/dev/null || exit 1; fi; '
            '"$BIN" follow "@user$(( (N + 1) % 8 ))" >/dev/null || exit 1; done'
        )
        workers = []
        for n, session in enumerate(sessions):
            env = data.env(TERN_SESSION=session, BIN=BIN, N=str(n))
            workers.append(subprocess.Popen(["bash", "-c", script], env=env, stderr=subprocess.PIPE, text=True))
        for worker in workers:
            _, err = worker.communicate(timeout=600)
            assert worker.returncode == 0, err
        followers = people(data, "followers", "@jiwoo", "--limit", "100")
        assert len(followers) == before + 8
        shown = run(["followers", "@jiwoo"], data).stdout.splitlines()[0]
        assert str(before + 8) in shown, shown
        for n, session in enumerate(sessions):
            me = profile(data, env={"TERN_SESSION": session})
            assert me["followingCount"] == 2, me
            assert me["followersCount"] == 1, me
