"""Notifications: `tern notifications` (text and JSON, `--unread`, `--limit`) and
`tern notifications read`, on the embedded store and across two accounts on a team server;
a like taken back before it was read leaves none; signed out, the `Sign in` refusal."""
import json

from tern import DataDir, run
from test_accounts import register
from test_follows import onboard

FIELDS = {"id", "kind", "actor", "postID", "folderID", "folderName", "createdAt", "read"}


def notifications(tern, data, *extra):
    result = tern(["notifications", "--json", *extra], data)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_notifications_signed_out_say_how_to_sign_in():
    with DataDir() as data:
        for words in (["notifications"], ["notifications", "read"]):
            result = run(words, data)
            assert result.returncode == 1, result
            assert "Sign in" in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_notifications_across_two_accounts_on_a_team_server():
    from test_server import Server

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        post = json.loads(server.tern(["post", "ann writes", "--json"], ann).stdout)
        assert notifications(server.tern, ann) == []
        for words in (["like", post["id"]], ["repost", post["id"]], ["follow", "@ann"],
                      ["reply", post["id"], "bob answers"]):
            done = server.tern(words, bob)
            assert done.returncode == 0, (words, done.stderr)
        seen = notifications(server.tern, ann)
        assert [set(n) for n in seen] == [FIELDS] * 4, seen
        assert {n["kind"] for n in seen} == {"like", "repost", "follow", "reply"}
        assert all(n["actor"]["username"] == "bob" and set(n["actor"]) == {"uid", "username", "displayName"}
                   and n["read"] is False for n in seen), seen
        assert [n for n in seen if n["kind"] == "follow"][0]["postID"] is None
        assert notifications(server.tern, bob) == [], "bob is told nothing of his own doing"
        assert len(notifications(server.tern, ann, "--limit", "2")) == 2

        # A like taken back before ann read it leaves nothing.
        assert server.tern(["unlike", post["id"]], bob).returncode == 0
        assert {n["kind"] for n in notifications(server.tern, ann)} == {"repost", "follow", "reply"}

        text = server.tern(["notifications"], ann)
        assert text.returncode == 0 and "@bob followed you" in text.stdout and "3 unread" in text.stdout, text.stdout
        marked = server.tern(["notifications", "read"], ann)
        assert marked.returncode == 0, marked.stderr
        assert notifications(server.tern, ann, "--unread") == []
        assert all(n["read"] for n in notifications(server.tern, ann))


def test_notifications_limit_takes_up_to_a_thousand_on_a_team_server():
    from test_server import Server, psql, session_of

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        uid, actor = session_of(ann)["uid"], session_of(bob)["uid"]
        # 450 likes by bob of ann's posts, written as the server's own functions write them
        # (as the owner of the tables: the rules refuse anyone else, a superuser too).
        psql(server.admin, f"""
            DO $$ BEGIN EXECUTE format('SET ROLE %I', (SELECT tableowner FROM pg_tables
                WHERE tablename = 'documents' AND schemaname = current_schema())); END $$;
            INSERT INTO documents (parent, id, doc)
              SELECT 'users/{uid}/notifications', 'like-post' || n || '-{actor}',
                     tern_text(jsonb_build_object('kind', 'like', 'actorUid', '{actor}', 'postID', 'post' || n,
                       'read', false), jsonb_build_object('createdAt', 1790000000 + n))
              FROM generate_series(1, 450) n""")
        assert len(notifications(server.tern, ann)) == 50, "50 unless told"
        seen = notifications(server.tern, ann, "--limit", "450")
        assert len(seen) == 450 and seen[0]["postID"] == "post450" and seen[-1]["postID"] == "post1", seen[-1]
        assert len(notifications(server.tern, ann, "--limit", "1000")) == 450
        assert len(notifications(server.tern, ann, "--limit", "449", "--unread")) == 449
        for bad in ("0", "1001", "many"):
            refused = server.tern(["notifications", "--limit", bad], ann)
            # A usage error, as every option out of its range: exit 2, the range named.
            assert refused.returncode == 2 and "from 1 to 1000" in refused.stderr.splitlines()[0], (bad, refused.stderr)


def test_notifications_on_the_embedded_store():
    with DataDir() as data:
        register(data, "ann@example.com")
        onboard(data, "ann")
        post = json.loads(run(["post", "mine", "--json"], data).stdout)
        assert run(["like", post["id"]], data).returncode == 0
        assert notifications(run, data) == [], "one's own like tells nobody"
        empty = run(["notifications"], data)
        assert empty.returncode == 0 and "No notifications yet" in empty.stdout, empty.stdout
        assert run(["notifications", "read"], data).returncode == 0


def test_the_activity_tab_hears_the_team_server_live_and_opening_it_marks_read():
    import time

    from test_server import Server
    from tern import Tmux

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        post = json.loads(server.tern(["post", "ann writes", "--json"], ann).stdout)
        ui = Tmux([], ann, env=server.env)
        try:
            ui.wait_for("5 Activity")
            assert server.tern(["like", post["id"]], bob).returncode == 0
            assert server.tern(["follow", "@ann"], bob).returncode == 0
            ui.wait_for("5 Activity 2", timeout=10)
            ui.send("5")
            screen = ui.wait_for("@bob liked your post")
            assert "@bob followed you" in screen, screen
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and notifications(server.tern, ann, "--unread"):
                time.sleep(0.1)
            assert notifications(server.tern, ann, "--unread") == [], "opening the tab marked them read"
            while time.monotonic() < deadline and "Activity 2" in ui.screen():
                time.sleep(0.1)
            assert "Activity 2" not in ui.screen(), ui.screen()
        finally:
            ui.kill()


def test_a_mention_on_a_team_server_notifies_the_account_once_and_leaves_with_its_post():
    from test_server import Server

    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        mentioning = json.loads(server.tern(["post", "hi @ann, @nobody_here and ann@example.com", "--json"], bob).stdout)
        seen = notifications(server.tern, ann)
        assert [(n["kind"], n["postID"], n["actor"]["username"]) for n in seen] == [
            ("mention", mentioning["id"], "bob")], seen
        text = server.tern(["notifications"], ann).stdout
        assert "@bob mentioned you" in text, text

        own = json.loads(server.tern(["post", "ann writes", "--json"], ann).stdout)
        assert server.tern(["reply", own["id"], "@ann thanks"], bob).returncode == 0
        assert [n["kind"] for n in notifications(server.tern, ann)] == ["reply", "mention"], "the reply is told once"

        assert server.tern(["posts", "delete", mentioning["id"]], bob).returncode == 0
        assert [n["kind"] for n in notifications(server.tern, ann)] == ["reply"], "the unread mention left with its post"
