"""`tern posts edit|delete` and the onboarding rule for posting, through the command line."""
import json

from tern import DataDir, run
from test_accounts import register


def feed(data, *extra, session=None):
    env = {"TERN_SESSION": session} if session else None
    result = run(["feed", "--json", "--limit", "1000", *extra], data, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def onboard(data, name, session=None):
    env = {"TERN_SESSION": session} if session else None
    result = run(["profile", "set", "--display-name", name.title(), "--username", name], data, env=env)
    assert result.returncode == 0, result.stderr


def test_posting_needs_a_display_name_and_a_username():
    with DataDir() as data:
        assert register(data, "new@example.com").returncode == 0
        before = feed(data)
        refused = run(["post", "hello"], data)
        assert refused.returncode == 1, refused
        assert "display name and username" in refused.stderr and "tern profile set" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1
        assert feed(data) == before, "nothing was posted"
        assert run(["profile", "set", "--display-name", "New"], data).returncode == 0
        assert run(["post", "hello"], data).returncode == 1
        onboard(data, "newcomer")
        assert run(["post", "hello"], data).returncode == 0


def test_edit_keeps_likes_and_delete_takes_them_with_counters_exact():
    with DataDir() as data:
        ann, bob = data.path + "/ann/session", data.path + "/bob/session"
        assert register(data, "ann@example.com", session=ann).returncode == 0
        assert register(data, "bob@example.com", session=bob).returncode == 0
        onboard(data, "ann", session=ann)
        onboard(data, "bob", session=bob)
        post = json.loads(run(["post", "first words", "--json"], data, env={"TERN_SESSION": ann}).stdout)
        other = json.loads(run(["post", "bob's words", "--json"], data, env={"TERN_SESSION": bob}).stdout)
        for session in (ann, bob):
            assert run(["like", post["id"]], data, env={"TERN_SESSION": session}).returncode == 0
        assert run(["like", other["id"]], data, env={"TERN_SESSION": ann}).returncode == 0

        edited = run(["posts", "edit", post["id"], "better", "words", "--json"], data, env={"TERN_SESSION": ann})
        assert edited.returncode == 0, edited.stderr
        shown = json.loads(edited.stdout)
        assert shown["caption"] == "better words" and shown["likes"] == 2 and shown["didLike"] is True
        assert shown["timestamp"] == post["timestamp"]
        text = run(["posts", "edit", post["id"], "best words"], data, env={"TERN_SESSION": ann})
        assert text.returncode == 0 and "Post saved." in text.stdout and "best words" in text.stdout
        assert "(edited)" in text.stdout.splitlines()[1], text.stdout
        # The feed marks the edited post, and only it.
        listing = run(["feed", "--limit", "10"], data).stdout.splitlines()
        assert [line for line in listing if "(edited)" in line] == [
            line for line in listing if line.startswith("Ann @ann ·")], listing
        assert any(line.startswith("Bob @bob ·") for line in listing), listing
        korean = run(["feed", "--limit", "10"], data, env={"TERN_LANG": "ko"}).stdout
        assert "(수정됨)" in korean and "(edited)" not in korean, korean

        deleted = run(["posts", "delete", post["id"]], data, env={"TERN_SESSION": ann})
        assert deleted.returncode == 0 and f"Deleted post {post['id']}." in deleted.stdout, deleted
        assert post["id"] not in [p["id"] for p in feed(data)]
        assert feed(data, "--liked", session=bob) == [], "bob's like went with the post"
        assert [p["id"] for p in feed(data, "--liked", session=ann)] == [other["id"]]
        assert [p["likes"] for p in feed(data) if p["id"] == other["id"]] == [1]
        again = run(["posts", "delete", post["id"]], data, env={"TERN_SESSION": ann})
        assert again.returncode == 1 and f"No post with id {post['id']}" in again.stderr


def test_another_accounts_post_is_refused_and_unchanged():
    with DataDir() as data:
        ann, bob = data.path + "/ann/session", data.path + "/bob/session"
        for session, name in ((ann, "ann"), (bob, "bob")):
            assert register(data, f"{name}@example.com", session=session).returncode == 0
            onboard(data, name, session=session)
        post = json.loads(run(["post", "ann's", "--json"], data, env={"TERN_SESSION": ann}).stdout)
        before = feed(data)
        for args in (["posts", "edit", post["id"], "bob's now"], ["posts", "delete", post["id"]],
                     ["posts", "delete", post["id"], "--json"]):
            result = run(args, data, env={"TERN_SESSION": bob})
            assert result.returncode == 1, result
            assert "you can only edit your own posts" in result.stderr and result.stdout == ""
        assert feed(data) == before
        signed_out = run(["posts", "delete", post["id"]], data)
        assert signed_out.returncode == 1 and "Sign in" in signed_out.stderr


def test_usage_errors_exit_two_and_the_group_lists_its_commands():
    with DataDir() as data:
        assert run(["posts", "edit"], data).returncode == 2
        assert run(["posts", "delete"], data).returncode == 2
        assert run(["posts", "delete", "a", "b"], data).returncode == 2
        listing = run(["posts", "--help"], data)
        assert listing.returncode == 0 and "posts edit POST_ID TEXT" in listing.stdout
        assert "posts delete POST_ID" in listing.stdout
