"""Tern on a far team server: the delay proxy (Tests/netproxy) between the interface and the
throwaway cluster adds a round trip, and the interface must not wait on it.

Needs the cluster of scripts/with-postgres.sh (TERN_TEST_POSTGRES); fails without it.
"""
import json
import os
import re
import socket
import threading
import time

from netproxy import DelayProxy
from tern import DataDir, Tmux
from test_server import Server, password_of, psql


# The round trip the proxy adds where a test shows that the interface does not wait on the
# server: a byte sent at the start reaches the server only after half of it, so a frame drawn
# sooner was drawn before any byte reached the server, however loaded the machine.
FAR_MS = 10_000
ONE_WAY_S = FAR_MS / 2000
# With the server cut off (or answering garbage) nothing orders the first frame: a bound five
# times what it takes.
CUT_BOUND_S = 7.5


def far(server, proxy):
    """Points the server's people at the proxy instead of the cluster itself."""
    server.env = {"TERN_STORE": proxy.postgres_url(server.name)}


def wait_until(ui, predicate, timeout=10.0):
    """Waits until `predicate(screen)` holds; returns the screen and the seconds it took."""
    started = time.monotonic()
    screen = ""
    while time.monotonic() - started < timeout:
        screen = ui.screen()
        if predicate(screen):
            return screen, time.monotonic() - started
        time.sleep(0.01)
    raise AssertionError(f"the screen never matched; it was:\n{screen}")


def footer(screen):
    lines = screen.splitlines()
    return lines[-1] if lines else ""


def heart_line(screen):
    return next((line for line in screen.splitlines() if "♥" in line or "♡" in line), "")


def test_a_like_through_a_1s_round_trip_shows_pending_at_once_and_keys_are_answered_meanwhile():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["post", "a post far away"], ann).returncode == 0
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            ui.wait_for("a post far away")
            ui.wait_for("♡ 0")
            proxy.delay(1000)
            time.sleep(2.5)  # polls under way finish at the new latency
            pressed = time.monotonic()
            ui.send("l")
            # One predicate for the heart and the footer's legend: tmux can capture a frame
            # half drawn, its top rows new and its bottom row not yet.
            screen, pending = wait_until(ui, lambda s: "♥ 1  ↻ 0  ↩ 0 ◌" in heart_line(s) and "◌ pending" in footer(s))
            # Shown before the round trip could have come back: order, not speed.
            assert pending < 1.0, f"the pending heart and its legend took {pending:.3f}s, more than a round trip"
            # A key typed while the like is on its way is answered at once.
            ui.send("?")
            screen, helped = wait_until(ui, lambda s: "Keys · Feed" in s)
            assert helped < 1.0, f"the help overlay took {helped:.3f}s while a write was on its way"
            ui.send("?")
            screen, _ = wait_until(ui, lambda s: "Keys · Feed" not in s and "♥ 1" in heart_line(s))
            screen, _ = wait_until(ui, lambda s: heart_line(s).strip() == "♥ 1  ↻ 0  ↩ 0", timeout=30)
            confirmed = time.monotonic() - pressed
            assert confirmed >= 1.0, f"confirmed after {confirmed:.3f}s: the round trip was not in the way"
        finally:
            ui.kill()
        proxy.delay(0)
        assert server.feed(ann)[0]["likes"] == 1
        assert [post["caption"] for post in server.feed(ann, "--liked")] == ["a post far away"]


def header(screen):
    return screen.splitlines()[0] if screen else ""


def test_offline_writes_survive_a_restart_and_reach_the_server_once():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        bob_env = dict(server.env)
        server.register(bob, "bob@example.com", "bob")
        for n in range(3):
            assert server.tern(["post", f"bob says {n}"], bob).returncode == 0
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            wait_until(ui, lambda s: all(f"bob says {n}" in s for n in range(3)))
            time.sleep(3)  # the sync worker's first round copies what ann reads into the replica
            proxy.cut()
            for _ in range(3):
                ui.send("l")
                ui.send("j")
            ui.send("1")
            # The catalog of a new data directory is built first (slow on a loaded machine).
            wait_until(ui, lambda s: sum(1 for line in s.splitlines() if line.startswith("☆ ")) >= 2, timeout=60)
            ui.send("s")
            wait_until(ui, lambda s: any(line.startswith("★ ◌ ") for line in s.splitlines()))
            ui.send("j")
            ui.send("s")
            wait_until(ui, lambda s: sum(1 for line in s.splitlines() if line.startswith("★ ◌ ")) == 2)
            ui.send("3")
            ui.send("n")
            ui.type("written on a train")
            ui.send("Enter")
            screen, _ = wait_until(ui, lambda s: "offline · 6 pending" in header(s), timeout=20)
            ui.send("q")
            deadline = time.monotonic() + 10
            while ui.alive() and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not ui.alive(), "q quits while writes wait"
        finally:
            ui.kill()

        # Still offline: the feed from the local copy, the writes still pending and marked.
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "written on a train" in s and all(f"bob says {n}" in s for n in range(3))
                                   and "offline · 6 pending" in header(s), timeout=20)
            hearts = [line.strip() for line in screen.splitlines() if "♥" in line or "♡" in line]
            assert hearts.count("♥ 1  ↻ 0  ↩ 0 ◌") == 3, f"three likes pending:\n{screen}"
            assert "possibly stale" in screen.splitlines()[1]
            ui.send("1")
            screen, _ = wait_until(ui, lambda s: sum(1 for line in s.splitlines() if line.startswith("★ ◌ ")) == 2)

            proxy.restore()
            screen, _ = wait_until(ui, lambda s: "pending" not in header(s) and "◌" not in s, timeout=60)
        finally:
            ui.kill()

        # Exactly those changes on the server: counters exact, one post, not two.
        feed = json.loads(server.tern(["feed", "--json"], bob, **bob_env).stdout)
        bobs = [post for post in feed if post["username"] == "bob"]
        assert [post["likes"] for post in bobs] == [1, 1, 1], feed
        assert [post["caption"] for post in feed].count("written on a train") == 1, feed
        saved = json.loads(server.tern(["favorites", "list", "--json"], ann).stdout)
        assert len(saved) == 2, saved


def test_an_edit_and_a_deletion_made_offline_show_at_once_and_reach_the_server_once():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["post", "to be deleted"], ann).returncode == 0
        assert server.tern(["post", "first draft"], ann).returncode == 0
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            wait_until(ui, lambda s: "first draft" in s and "to be deleted" in s)
            time.sleep(3)  # the sync worker's first round copies what ann reads into the replica
            proxy.cut()
            ui.send("e")
            ui.wait_for("Edit post")
            ui.type(", revised")
            ui.send("Enter")
            # The new text in its row at once, marked pending, while the server is cut off.
            wait_until(ui, lambda s: "first draft, revised" in s and "Edit post" not in s)
            ui.send("j")
            ui.send("d")
            ui.wait_for("Delete this post?")
            ui.send("y")
            screen, _ = wait_until(ui, lambda s: "offline · 2 pending" in header(s), timeout=20)
            assert "first draft, revised" in screen, screen
            assert "◌" in screen, f"the rows on their way are marked:\n{screen}"

            proxy.restore()
            screen, _ = wait_until(ui, lambda s: "pending" not in header(s) and "◌" not in s
                                   and "to be deleted" not in s and "first draft, revised" in s, timeout=60)
        finally:
            ui.kill()

        captions = [post["caption"] for post in server.feed(ann)]
        assert captions == ["first draft, revised"], captions


def seed_posts(server, data, count):
    """`count` posts by `data`'s account: one through `tern post`, the others copied from it
    on the server (as its administrator) with older timestamps, so hundreds cost a second."""
    assert server.tern(["post", "the newest post"], data).returncode == 0
    schema = psql(server.admin, "SELECT table_schema FROM information_schema.tables WHERE table_name = 'documents'").split()[2]
    # The store keeps a timestamp as seconds with a capital E (DocStore/StorageJSON.swift).
    psql(server.admin, f"""
        INSERT INTO {schema}.documents (parent, id, doc)
        SELECT 'tweets', 'seeded' || lpad(g::text, 4, '0'),
               regexp_replace(regexp_replace(doc, '"caption":"[^"]*"', '"caption":"post ' || lpad(g::text, 4, '0') || '"'),
                              '"timestamp":[^,}}]+', '"timestamp":' || (extract(epoch FROM now())::bigint - 100000 + g * 10) || 'E0')
        FROM {schema}.documents, generate_series(0, {count - 2}) AS g
        WHERE parent = 'tweets'""")


def position(screen):
    found = re.search(r"([\d,]+) / ([\d,]+)", screen.splitlines()[1] if screen else "")
    return tuple(int(part.replace(",", "")) for part in found.groups()) if found else None


def test_v_and_scrolling_to_the_feeds_end_through_a_1s_round_trip_never_freeze_the_screen():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        seed_posts(server, ann, 300)
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            wait_until(ui, lambda s: position(s) == (1, 300), timeout=40)
            proxy.delay(1000)
            time.sleep(2.5)  # polls under way finish at the new latency

            def answered(key, predicate, what):
                ui.send(key)
                screen, took = wait_until(ui, predicate)
                # Answered before one round trip could have come back: the key never waited on the server.
                assert took < 1.0, f"{what} took {took:.3f}s through a 1 s round trip:\n{screen}"
                return screen

            # `v` starts each view's subscription on a worker: the title changes at once.
            answered("v", lambda s: "Feed · Following" in s, "switching to Following")
            answered("v", lambda s: "Feed · Liked" in s, "switching to Liked")
            answered("?", lambda s: "Keys · Feed" in s, "the help overlay while Liked loads")
            answered("Escape", lambda s: "Keys · Feed" not in s, "closing the help overlay")
            wait_until(ui, lambda s: "No liked posts yet" in s, timeout=30)
            answered("v", lambda s: "Feed · Bookmarks" in s, "switching to Bookmarks")
            answered("v", lambda s: "Feed · All posts" in s, "switching back to All")
            wait_until(ui, lambda s: position(s) == (1, 300), timeout=30)
            # `G` reads past the window (the last page and its count) on a worker.
            screen = answered("G", lambda s: "loading…" in s, "the loading row after G")
            answered("?", lambda s: "Keys · Feed" in s, "the help overlay while the last page loads")
            answered("Escape", lambda s: "Keys · Feed" not in s, "closing the help overlay")
            screen, _ = wait_until(ui, lambda s: position(s) == (300, 300) and "loading…" not in s, timeout=40)
            assert "post 0000" in screen, screen
            # `g` reads the first page again, the same way.
            answered("g", lambda s: "loading…" in s or position(s) == (1, 300), "g")
            wait_until(ui, lambda s: position(s) == (1, 300) and "the newest post" in s, timeout=40)
        finally:
            ui.kill()


def test_signing_in_after_starting_signed_out_gets_the_outbox_without_a_restart():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        server.register(bob, "bob@example.com", "bob")
        assert server.tern(["post", "bob far away"], bob).returncode == 0
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["logout"], ann).returncode == 0
        ui = Tmux([], ann, env=server.env)
        try:
            ui.wait_for("guest")
            ui.send("4")
            ui.wait_for("sign in")
            ui.send("i")
            ui.wait_for("Email")
            ui.type("ann@example.com")
            ui.send("Tab")
            ui.type(password_of("ann@example.com"))
            ui.send("Enter")
            wait_until(ui, lambda s: header(s).endswith("@ann"), timeout=20)
            ui.send("3")
            wait_until(ui, lambda s: "bob far away" in s and "♡ 0" in heart_line(s))
            time.sleep(1)  # the sync worker's first round copies what ann reads into her replica
            proxy.cut()
            ui.send("l")
            screen, _ = wait_until(ui, lambda s: "offline · 1 pending" in header(s), timeout=20)
            assert "♥ 1  ↻ 0  ↩ 0 ◌" in heart_line(screen), screen
            proxy.restore()
            wait_until(ui, lambda s: "pending" not in header(s) and "offline" not in header(s)
                       and heart_line(s).strip() == "♥ 1  ↻ 0  ↩ 0", timeout=20)
        finally:
            ui.kill()
        assert server.feed(ann)[0]["likes"] == 1


def body(screen):
    """The screen below the header and the title (the profile's own lines, the rows)."""
    return "\n".join(screen.splitlines()[2:])


def quit_and_wait(ui):
    """`q`, then waits for the process to end (the replica is written before it quits)."""
    ui.send("q")
    deadline = time.monotonic() + 10
    while ui.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not ui.alive(), "q quits"


def first_run_fills_the_replica(server, data, seen):
    """One run online, on the Feed until `seen` shows, long enough for the sync worker's first
    round to copy what the account reads (its profile, the feed) into its replica."""
    ui = Tmux([], data, env=server.env)
    try:
        ui.send("3")
        wait_until(ui, lambda s: seen in s, timeout=20)
        time.sleep(3)
        quit_and_wait(ui)
    finally:
        ui.kill()


def ann_far_after_a_first_run(server, proxy, ann, bob, caption):
    """bob posts `caption` on the server itself; ann, behind the proxy, runs Tern once, which
    fills her replica. Returns bob's environment (the server without the proxy)."""
    bob_env = dict(server.env)
    server.register(bob, "bob@example.com", "bob")
    assert server.tern(["post", caption], bob).returncode == 0
    far(server, proxy)
    server.register(ann, "ann@example.com", "ann")
    first_run_fills_the_replica(server, ann, caption)
    return bob_env


def test_a_start_through_a_slow_server_draws_the_local_copy_at_once_then_reads_the_server():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        bob_env = ann_far_after_a_first_run(server, proxy, ann, bob, "bob before")
        # Written on the server since: not in ann's copy.
        assert server.tern(["post", "bob meanwhile"], bob, **bob_env).returncode == 0
        # A long round trip: connecting and checking the account take several (the start used
        # to wait for them all before the first frame); the copy takes none.
        proxy.delay(FAR_MS)
        started = time.monotonic()
        ui = Tmux([], ann, env=server.env)
        try:
            screen, _ = wait_until(ui, lambda s: header(s).startswith("1 Places") and header(s).endswith("@ann"))
            first = time.monotonic() - started
            assert first < ONE_WAY_S, f"before any byte reached the server: the first frame took {first:.2f}s, a round trip or more:\n{screen}"
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "bob before" in s)
            shown = time.monotonic() - started
            assert shown < ONE_WAY_S, f"before any byte reached the server: the feed's local copy took {shown:.2f}s:\n{screen}"
            assert "possibly stale" in screen.splitlines()[1], "read from the copy until the server answers"
            assert "bob meanwhile" not in screen
            ui.send("4")
            wait_until(ui, lambda s: "Ann" in body(s) and "@ann" in body(s))
            # The connection is made in the background; then the lists are read from the server
            # (at 200 ms from here, so that the test does not wait for a dozen 1 s round trips).
            proxy.delay(200)
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "bob meanwhile" in s and "possibly stale" not in s.splitlines()[1],
                                   timeout=60)
            live = time.monotonic() - started
            assert live > 1.0, f"read from the server after {live:.2f}s: the round trips were not in the way"
            assert "offline" not in header(screen)
        finally:
            ui.kill()


def test_a_start_with_the_server_cut_opens_on_the_cached_profile_and_feed():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        ann_far_after_a_first_run(server, proxy, ann, bob, "bob on the server")
        proxy.cut()
        started = time.monotonic()
        ui = Tmux([], ann, env=server.env)
        try:
            screen, _ = wait_until(ui, lambda s: header(s).endswith("@ann"))
            first = time.monotonic() - started
            assert first < CUT_BOUND_S, f"the first frame took {first:.2f}s on a laptop on a train:\n{screen}"
            screen, _ = wait_until(ui, lambda s: "offline" in header(s), timeout=20)
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "bob on the server" in s)
            assert "possibly stale" in screen.splitlines()[1], screen
            ui.send("4")
            wait_until(ui, lambda s: "Ann" in body(s) and "@ann" in body(s))
            # The server comes back: the header clears and the lists are read from it.
            proxy.restore()
            ui.send("3")
            wait_until(ui, lambda s: "offline" not in header(s) and "possibly stale" not in s.splitlines()[1], timeout=60)
        finally:
            ui.kill()


def first_frame(ui, started, predicate=lambda s: header(s).startswith("1 Places")):
    """Waits for the first frame (`predicate`); returns it and the seconds since `started`."""
    screen, _ = wait_until(ui, predicate)
    return screen, time.monotonic() - started


def test_a_signed_out_start_through_a_slow_server_draws_at_once_then_keeps_the_public_feed():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        server.register(bob, "bob@example.com", "bob")
        assert server.tern(["post", "bob in public"], bob).returncode == 0
        far(server, proxy)
        # Signed out, nothing copied yet, a long round trip: connecting as the guest takes several.
        proxy.delay(FAR_MS)
        started = time.monotonic()
        ui = Tmux([], ann, env=server.env)
        try:
            screen, first = first_frame(ui, started)
            assert first < ONE_WAY_S, f"before any byte reached the server: the first frame took {first:.2f}s, a round trip or more:\n{screen}"
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "possibly stale" in s.splitlines()[1])
            shown = time.monotonic() - started
            assert shown < ONE_WAY_S, f"before any byte reached the server: the feed's title took {shown:.2f}s:\n{screen}"
            assert "bob in public" not in screen, "nothing was copied yet"
            proxy.delay(200)
            screen, _ = wait_until(ui, lambda s: "bob in public" in s and "possibly stale" not in s.splitlines()[1], timeout=60)
            time.sleep(3)  # the public feed is copied for the next start, off the loop
            quit_and_wait(ui)
        finally:
            ui.kill()

        # The next signed-out start, the server cut off: the public feed as last read.
        proxy.cut()
        started = time.monotonic()
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            screen, shown = first_frame(ui, started, lambda s: "bob in public" in s)
            assert shown < CUT_BOUND_S, f"the copied feed took {shown:.2f}s:\n{screen}"
            assert "possibly stale" in screen.splitlines()[1], screen
            proxy.restore()
            wait_until(ui, lambda s: "bob in public" in s and "possibly stale" not in s.splitlines()[1], timeout=60)
        finally:
            ui.kill()


def login(server, data, email):
    result = server.tern(["login", "--email", email], data, input=password_of(email) + "\n")
    assert result.returncode == 0, result.stderr
    return result


def test_the_first_start_after_a_command_line_login_draws_from_the_replica_at_once():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["logout"], ann).returncode == 0
        # A machine that never ran the interface: the login alone fills the replica's profile.
        login(server, ann, "ann@example.com")
        proxy.delay(FAR_MS)
        started = time.monotonic()
        ui = Tmux([], ann, env=server.env)
        try:
            screen, first = first_frame(ui, started, lambda s: header(s).endswith("@ann"))
            assert first < ONE_WAY_S, f"before any byte reached the server: the first frame took {first:.2f}s, a round trip or more:\n{screen}"
            ui.send("4")
            screen, _ = wait_until(ui, lambda s: "Ann" in body(s) and "@ann" in body(s))
            assert "Display name" not in screen, f"no onboarding: the profile was set before:\n{screen}"
            proxy.delay(200)
            ui.send("3")
            wait_until(ui, lambda s: "possibly stale" not in s.splitlines()[1], timeout=60)
            ui.send("4")
            screen, _ = wait_until(ui, lambda s: "@ann" in body(s))
            assert "Display name" not in screen, screen
        finally:
            ui.kill()


def test_a_sign_in_in_another_terminal_while_the_replica_is_read_is_followed_without_a_false_toast():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann, DataDir() as bob:
        far(server, proxy)
        server.register(bob, "bob@example.com", "bob")
        server.register(ann, "ann@example.com", "ann")
        # What `tern login` as bob leaves in ann's directory (the session, the password line and
        # his profile in his replica), kept aside, so that it can happen while the server is cut off.
        login(server, ann, "bob@example.com")
        state = os.path.dirname(ann.session)
        kept = {name: open(os.path.join(state, name), "rb").read() for name in ("session", "pgpass")}
        login(server, ann, "ann@example.com")
        proxy.cut()
        ui = Tmux([], ann, env=server.env)
        try:
            wait_until(ui, lambda s: header(s).endswith("@ann"))
            for name, content in kept.items():  # replaced by renaming, as Tern writes them
                with open(os.path.join(state, name + ".new"), "wb") as f:
                    f.write(content)
                os.chmod(os.path.join(state, name + ".new"), 0o600)
                os.replace(os.path.join(state, name + ".new"), os.path.join(state, name))
            seen = []
            screen, _ = wait_until(ui, lambda s: seen.append(s.splitlines()[-1]) or header(s).endswith("@bob"))
            screen, _ = wait_until(ui, lambda s: seen.append(s.splitlines()[-1]) or "Signed in as @bob" in s.splitlines()[-1])
            assert not any("missing" in line.lower() or "sign in again" in line.lower() for line in seen), seen
            ui.send("4")
            wait_until(ui, lambda s: "Bob" in body(s) and "@bob" in body(s))
            # The server comes back: bob's view is read from it.
            proxy.restore()
            ui.send("3")
            screen, _ = wait_until(ui, lambda s: "possibly stale" not in s.splitlines()[1] and "offline" not in header(s),
                                   timeout=60)
            assert header(screen).endswith("@bob"), screen
        finally:
            ui.kill()


class GarbageServer:
    """Answers every connection on 127.0.0.1 with an HTTP error, as a web server on the
    database's port would: something answers, but not PostgreSQL. Counts the connections."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                client, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            with client:
                try:
                    client.recv(1024)
                    client.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                except OSError:
                    pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.socket.close()


def test_a_server_answering_garbage_is_said_once_in_a_toast_and_tried_again():
    with GarbageServer() as garbage, DataDir() as ann:
        env = {"TERN_STORE": f"postgresql://127.0.0.1:{garbage.port}/tern"}
        started = time.monotonic()
        ui = Tmux([], ann, env=env)
        try:
            screen, first = first_frame(ui, started)
            assert first < CUT_BOUND_S, f"the first frame took {first:.2f}s:\n{screen}"
            screen, _ = wait_until(ui, lambda s: "Cannot connect to the team server" in s.splitlines()[-1])
            assert "retrying" in screen.splitlines()[-1] or "…" in screen.splitlines()[-1], screen
            # Tried again after 1, 2, 4 s: the toast (3 s) goes and is not shown again.
            footers = []
            deadline = time.monotonic() + 9
            while time.monotonic() < deadline:
                footers.append("Cannot connect to the team server" in ui.screen().splitlines()[-1])
                time.sleep(0.1)
            shown_again = any(not before and after for before, after in zip(footers, footers[1:]))
            assert not shown_again, "the same reason was said again on a retry"
            assert not footers[-1]
            assert garbage.connections >= 4, f"{garbage.connections} attempts in 9 s"
            # Places work meanwhile, from the offline catalog.
            ui.send("/")
            ui.type("seoul")
            wait_until(ui, lambda s: "Seoul" in s, timeout=60)
        finally:
            ui.kill()


def threads_of(ui):
    """The interface's threads, read from /proc (the pane runs the binary itself: `exec`)."""
    pid = ui.tmux("display-message", "-p", "-t", ui.name, "#{pane_pid}").stdout.strip()
    return len(os.listdir(f"/proc/{pid}/task"))


# The event loop's thread and one per worker lane (Sources/Workers/Lane.swift), as
# docs/ARCHITECTURE.md states.
MOST_THREADS = 8


def test_an_interface_on_a_server_runs_at_most_8_threads_busy_or_idle():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        for n in range(5):
            assert server.tern(["post", f"post {n}"], ann).returncode == 0
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            wait_until(ui, lambda s: all(f"post {n}" in s for n in range(5)))
            proxy.delay(100)
            seen = []
            # Busy: hearts on their way, views switched, a search typed, the help shown.
            for _ in range(5):
                ui.send("l")
                ui.send("j")
                seen.append(threads_of(ui))
            ui.send("v")
            seen.append(threads_of(ui))
            ui.send("1")
            ui.type("seoul")
            seen.append(threads_of(ui))
            ui.send("?")
            seen.append(threads_of(ui))
            ui.send("?")
            ui.send("3")
            wait_until(ui, lambda s: "pending" not in header(s), timeout=30)
            time.sleep(2)  # idle: nothing typed, the sync worker between its rounds
            seen.append(threads_of(ui))
            assert max(seen) <= MOST_THREADS, f"threads seen: {seen}"
        finally:
            ui.kill()
