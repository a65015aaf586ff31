"""Tern on a team server: the command line with `--store postgres://…`, end to end.

Needs the throwaway cluster of scripts/with-postgres.sh (`make test` runs the e2e runner
under it), which sets TERN_TEST_POSTGRES. Without it every test here FAILS, on purpose:
a server suite that silently skips would look green while testing nothing.

Each test gets its own database (created as the cluster's superuser), initialised with
`tern server init`, and people on separate "machines" (data directories). The interface
tests drive the real binary in tmux.
"""
import json
import os
import re
import subprocess
import sys
import time
import uuid

from tern import DataDir, Tmux, run
from test_ui import row_with

PASSWORD = "correct horse battery"


def admin_url():
    url = os.environ.get("TERN_TEST_POSTGRES")
    assert url, ("TERN_TEST_POSTGRES is not set: run the e2e tests under scripts/with-postgres.sh "
                 "(make test does); the server tests do not skip")
    return url


class Server:
    """A fresh database on the test cluster, initialised by `tern server init`."""

    def __init__(self):
        base = admin_url()
        self.name = "tern_e2e_" + uuid.uuid4().hex[:10]
        psql(base, f"CREATE DATABASE {self.name}")
        self.admin = re.sub(r"/tern_test\?", f"/{self.name}?", base)
        assert self.admin != base, base
        # What people point Tern at: the server and database, no user, no password.
        self.store = re.sub(r"//[^/@]*@", "//", self.admin)
        init = subprocess.run([os.environ["TERN_BIN"], "server", "init", self.admin],
                              capture_output=True, text=True, timeout=60)
        assert init.returncode == 0, init.stderr
        assert "created schema" in init.stdout, init.stdout
        self.env = {"TERN_STORE": self.store}

    def invite(self):
        """A one-time invitation, as an administrator makes it."""
        made = subprocess.run([os.environ["TERN_BIN"], "server", "invite", self.admin],
                              capture_output=True, text=True, timeout=60)
        assert made.returncode == 0, made.stderr
        code = made.stdout.strip()
        assert re.fullmatch(r"[a-z0-9]{24}", code), made.stdout
        return code

    def tern(self, args, data, input=None, **env):
        return run(args, data, input=input, env={**self.env, **env})

    def register(self, data, email, username):
        # Each person's own password (the user part of the email added), so that no two match.
        made = self.tern(["register", "--email", email], data, input=password_of(email) + "\n", TERN_INVITE=self.invite())
        assert made.returncode == 0, made.stderr
        named = self.tern(["profile", "set", "--display-name", username.title(), "--username", username], data)
        assert named.returncode == 0, named.stderr

    def feed(self, data, *extra):
        result = self.tern(["feed", "--json", *extra], data)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        psql(admin_url(), f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


def password_of(email):
    return PASSWORD + " " + email.split("@")[0]


def psql(url, sql):
    result = subprocess.run(["psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def session_of(data):
    with open(data.session) as f:
        return json.load(f)


def test_init_is_idempotent_and_store_option_wins():
    with Server() as server, DataDir() as data:
        again = run(["server", "init", server.admin], data)
        assert again.returncode == 0, again.stderr
        assert "schema 1 up to date" in again.stdout and "rules 16" in again.stdout
        assert "the guest signs in without a password" in again.stdout, again.stdout
        doctor = server.tern(["doctor"], data)
        assert doctor.returncode == 0 and "ok (the guest signs in without a password" in doctor.stdout, (doctor.stdout, doctor.stderr)
        # Registering takes an invitation, and each registers one account.
        bare = server.tern(["register", "--email", "nobody@example.com"], data, input=PASSWORD + "\n")
        assert bare.returncode == 1 and "TERN_INVITE" in bare.stderr and len(bare.stderr.splitlines()) == 1, bare.stderr
        code = server.invite()
        first = server.tern(["register", "--email", "first@example.com"], data, input=PASSWORD + "\n", TERN_INVITE=code)
        assert first.returncode == 0, first.stderr
        assert server.tern(["logout"], data).returncode == 0
        second = server.tern(["register", "--email", "second@example.com"], data, input=PASSWORD + "\n", TERN_INVITE=code)
        assert second.returncode == 1 and "invitation is not valid" in second.stderr, second.stderr
        # An unknown email and a wrong password get the same answer.
        wrong = server.tern(["login", "--email", "first@example.com"], data, input="not the password\n")
        unknown = server.tern(["login", "--email", "never@example.com"], data, input=PASSWORD + "\n")
        assert wrong.returncode == unknown.returncode == 1 and wrong.stderr == unknown.stderr, (wrong.stderr, unknown.stderr)
        assert not os.path.exists(data.session), "no session after a refused sign-in"
        # --store beats TERN_STORE, which beats the config; a bad URL is one clear line.
        bad = server.tern(["--store", "postgresql://127.0.0.1:1/nothing", "feed"], data)
        assert bad.returncode == 1 and "cannot connect" in bad.stderr and len(bad.stderr.splitlines()) == 1
        with open(os.path.join(data.path, "config"), "w") as f:
            f.write(f"store = {server.store}\n")
        assert run(["feed", "--json"], data).returncode == 0
        assert json.loads(run(["feed", "--json"], data).stdout) == [], "no sample seeded on a server"
        assert not os.path.exists(os.path.join(data.path, "tern.db")), "the embedded store is not opened"


def test_idle_guest_sessions_stop_no_sign_in_once_the_watch_runs():
    """Issue 26, point 2: the guest's 64 connections held idle (its own idle timeout turned
    off) stop every sign-in; one pass of `tern server watch` ends the idlest of them until
    the guest's reserve is free, and signing in works again. The guest's limit is the whole
    cluster's, so this runs on a throwaway cluster of its own, never stopping the sign-ins
    of the files that run beside it."""
    script = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "scripts", "with-postgres.sh")
    own = subprocess.run([script, sys.executable, "-c", "import test_server; test_server.guest_flood()"],
                         cwd=os.path.dirname(os.path.abspath(__file__)), capture_output=True, text=True,
                         timeout=300)
    assert own.returncode == 0, own.stdout + own.stderr


def guest_flood():
    with Server() as server, DataDir() as ann:
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["logout"], ann).returncode == 0
        guest = re.sub(r"//[^/@]*@", "//tern_guest@", server.admin)
        held = []
        try:
            for _ in range(64):
                session = subprocess.Popen(["psql", guest, "-X", "-q"], stdin=subprocess.PIPE,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
                session.stdin.write("SET idle_session_timeout = 0; SELECT 1;\n")
                session.stdin.flush()
                held.append(session)
            count = "SELECT count(*) FROM pg_stat_activity WHERE usename = 'tern_guest'"
            deadline = time.monotonic() + 30
            while psql(server.admin, count).split()[2] != "64" and time.monotonic() < deadline:
                time.sleep(0.1)
            login = lambda: server.tern(["login", "--email", "ann@example.com"], ann,
                                        input=password_of("ann@example.com") + "\n")
            refused = login()
            assert refused.returncode == 1 and "too many connections" in refused.stderr, refused.stderr
            assert "tern_guest" not in refused.stderr, "no role name in the error line: " + refused.stderr
            watch = run(["server", "watch", "--once", server.admin], ann)
            assert watch.returncode == 0 and watch.stdout.count("guest reserve") == 8, (watch.stdout, watch.stderr)
            signed_in = login()
            assert signed_in.returncode == 0, signed_in.stderr
        finally:
            for session in held:
                session.kill()
                session.wait()


def test_a_full_server_says_it_is_full():
    """Issue 26, point 6: out of connections (here the account's own limit of 8, as at the
    server's max_connections), a command says the server is full, in one line naming no role."""
    with Server() as server, DataDir() as ann:
        server.register(ann, "ann@example.com", "ann")
        role = session_of(ann)["role"]
        url = re.sub(r"//[^/@]*@", f"//{role}:{password_of('ann@example.com').replace(' ', '%20')}@", server.admin)
        held = [subprocess.Popen(["psql", url, "-X", "-q"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, text=True) for _ in range(8)]
        try:
            count = f"SELECT count(*) FROM pg_stat_activity WHERE usename = '{role}'"
            deadline = time.monotonic() + 30
            while psql(server.admin, count).split()[2] != "8" and time.monotonic() < deadline:
                time.sleep(0.1)
            full = server.tern(["post", "hello"], ann)
            assert full.returncode == 1 and "the server is full" in full.stderr, full.stderr
            assert len(full.stderr.splitlines()) == 1 and role not in full.stderr, full.stderr
        finally:
            for session in held:
                session.kill()
                session.wait()
        assert server.tern(["post", "hello"], ann).returncode == 0


def test_an_administrator_lists_and_removes_a_member():
    """Issue 26, point 4: `tern server members` lists the accounts; `tern server remove
    @NAME` ends the member's sessions and its writes are refused from then on."""
    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        listed = run(["server", "members", "--json", server.admin], ann)
        assert listed.returncode == 0, listed.stderr
        assert sorted(m["username"] for m in json.loads(listed.stdout)) == ["ann", "bob"]
        removed = run(["server", "remove", server.admin, "@bob"], ann)
        assert removed.returncode == 0 and "removed @bob" in removed.stdout, (removed.stdout, removed.stderr)
        refused = server.tern(["post", "still here?"], bob)
        assert refused.returncode == 1 and len(refused.stderr.splitlines()) == 1, refused.stderr
        assert session_of(bob)["role"] not in refused.stderr, "no role name in the error line: " + refused.stderr
        assert "pgpass" not in refused.stderr, "no password file in the error line: " + refused.stderr
        after = json.loads(run(["server", "members", "--json", server.admin], ann).stdout)
        assert [m["username"] for m in after if m.get("removed")] == ["bob"], after
        missing = run(["server", "remove", server.admin, "@nobody"], ann)
        assert missing.returncode == 1 and "no account @nobody" in missing.stderr, missing.stderr
        assert server.tern(["post", "ann still posts"], ann).returncode == 0


def test_a_guest_changing_its_password_locks_no_one_out_of_reading():
    with Server() as server, DataDir() as ann, DataDir() as reader:
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["post", "still readable"], ann).returncode == 0
        guest = re.sub(r"//[^/@]*@", "//tern_guest:tern_guest@", server.admin)
        psql(guest, "ALTER ROLE tern_guest PASSWORD 'taken over'")
        try:
            assert [post["caption"] for post in server.feed(reader)] == ["still readable"]
        finally:
            psql(server.admin, "ALTER ROLE tern_guest PASSWORD 'tern_guest'")


def test_two_accounts_post_like_favorite_and_read_signed_out():
    with Server() as server, DataDir() as ann, DataDir() as bob, DataDir() as guest:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        taken = server.tern(["register", "--email", "ANN@example.com"], guest, input=PASSWORD + "\n", TERN_INVITE=server.invite())
        assert taken.returncode == 1 and "already exists" in taken.stderr

        posted = server.tern(["post", "hello from ann", "--json"], ann)
        assert posted.returncode == 0, posted.stderr
        post = json.loads(posted.stdout)
        assert post["username"] == "ann" and post["likes"] == 0

        liked = server.tern(["like", post["id"], "--json"], bob)
        assert liked.returncode == 0, liked.stderr
        assert json.loads(liked.stdout)["likes"] == 1
        assert json.loads(server.tern(["like", post["id"], "--json"], bob).stdout)["likes"] == 1, "twice is a no-op"
        assert [p["id"] for p in server.feed(bob, "--liked")] == [post["id"]]
        assert server.feed(ann)[0]["didLike"] is False and server.feed(ann)[0]["likes"] == 1

        seoul = "1835848"
        saved = server.tern(["favorites", "add", seoul], ann)
        assert saved.returncode == 0, saved.stderr
        listed = json.loads(server.tern(["favorites", "list", "--json"], ann).stdout)
        assert [f["placeID"] for f in listed] == [seoul]
        assert json.loads(server.tern(["favorites", "list", "--json"], bob).stdout) == [], "favorites are private"

        # Signed out: the feed and places are readable (as tern_guest); writing is refused.
        public = server.feed(guest)
        assert [p["id"] for p in public] == [post["id"]] and public[0]["likes"] == 1
        assert server.tern(["places", "search", "Seoul"], guest).returncode == 0
        refused = server.tern(["like", post["id"]], guest)
        assert refused.returncode == 1 and "Sign in" in refused.stderr

        # Signing out forgets the password; signing in again checks it on the server.
        assert server.tern(["logout"], bob).returncode == 0
        passfile = os.path.join(os.path.dirname(bob.session), "pgpass")
        assert open(passfile).read() == "", "sign-out removes the password line"
        wrong = server.tern(["login", "--email", "bob@example.com"], bob, input=PASSWORD + "\n")
        assert wrong.returncode == 1 and "Wrong email or password" in wrong.stderr
        assert not os.path.exists(bob.session)
        again = server.tern(["login", "--email", "bob@example.com"], bob, input=password_of("bob@example.com") + "\n")
        assert again.returncode == 0, again.stderr
        assert os.stat(passfile).st_mode & 0o777 == 0o600
        assert PASSWORD not in open(bob.session).read()
        assert os.stat(os.path.dirname(passfile)).st_mode & 0o777 == 0o700
        assert server.tern(["unlike", post["id"]], bob).returncode == 0
        assert server.feed(guest)[0]["likes"] == 0


def test_one_account_cannot_touch_another_through_the_cli():
    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        assert server.tern(["favorites", "add", "1835848"], ann).returncode == 0
        before = server.feed(ann)
        ann_uid = session_of(ann)["uid"]

        def forge_and_try(changes, *expected):
            forged = {**session_of(bob), **changes}
            with open(bob.session, "w") as f:
                json.dump(forged, f)
            for args in (["post", "as ann"], ["favorites", "list"], ["profile", "set", "--bio", "hacked"]):
                result = server.tern(args, bob)
                assert result.returncode == 1, (args, result.stdout)
                assert all(text in result.stderr for text in expected), result.stderr

        # Bob edits his session file to claim Ann's uid: the server says whose his role is.
        forge_and_try({"uid": ann_uid}, "sign in again", ann_uid)
        # With Ann's role too (any guest can look it up by her email), the server wants Ann's password.
        ann_role = session_of(ann)["role"]
        assert ann_role != ann_uid and ann_role.startswith("tern_"), ann_role
        forge_and_try({"uid": ann_uid, "role": ann_role}, "cannot connect")
        assert ann_role not in server.tern(["post", "as ann"], bob).stderr, "error lines name no role"

        # …and writing his own password under Ann's role into his password file changes nothing.
        passfile = os.path.join(os.path.dirname(bob.session), "pgpass")
        bob_line = open(passfile).read().strip()
        with open(passfile, "a") as f:
            f.write(bob_line.replace(":" + bob_line.split(":")[3] + ":", ":" + ann_role + ":") + "\n")
        result = server.tern(["post", "as ann"], bob)
        assert result.returncode == 1 and "password authentication failed" in result.stderr, (result.stdout, result.stderr, open(passfile).read())
        assert server.feed(ann) == before
        ann_favorites = json.loads(server.tern(["favorites", "list", "--json"], ann).stdout)
        assert [f["placeID"] for f in ann_favorites] == ["1835848"]
        profile = json.loads(server.tern(["whoami", "--json"], ann).stdout)
        assert profile["bio"] == ""

        # A session made on the server is not used with the embedded store, and vice versa.
        embedded = run(["feed"], ann, env={"TERN_STORE": ""})
        assert embedded.returncode == 1 and "run tern logout" in embedded.stderr


def test_a_like_from_another_process_reaches_a_running_interface_within_a_second():
    with Server() as server, DataDir() as ann, DataDir() as bob, DataDir() as guest:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        post = json.loads(server.tern(["post", "watch this heart", "--json"], ann).stdout)
        # Ann signed in sees Bob's like; a guest (signed out) sees his unlike.
        for viewer, verb, expected in ((ann, "like", "♡ 1"), (guest, "unlike", "♡ 0")):
            ui = Tmux([], viewer, env=server.env)
            try:
                ui.send("3")
                ui.wait_for("watch this heart")
                assert server.tern([verb, post["id"]], bob).returncode == 0
                done = time.monotonic()
                screen = ""
                while time.monotonic() - done < 1.0:
                    screen = ui.screen()
                    if expected in screen:
                        break
                    time.sleep(0.05)
                else:
                    raise AssertionError(f"{expected} not shown within a second of the {verb}:\n{screen}")
            finally:
                ui.kill()


def test_newcomer_walk_in_the_interface_on_a_server():
    """Registering, saving, liking and signing out inside one running interface: the open
    store moves from the guest's role to the account's and back."""
    with Server() as server, DataDir() as ann, DataDir() as data:
        server.register(ann, "ann@example.com", "ann")
        server.tern(["post", "hello newcomer"], ann)
        ui = Tmux(["--store", server.store], data, env={"TERN_INVITE": server.invite()})
        try:
            ui.wait_for("guest")
            ui.send("3")
            ui.wait_for("hello newcomer")
            ui.send("4")
            ui.wait_for("create account")
            ui.send("c")
            ui.wait_for("Email")
            ui.type("newcomer@example.com")
            ui.send("Tab")
            ui.type(password_of("newcomer@example.com"))
            ui.send("Enter")
            ui.wait_for("Username", timeout=20)
            ui.type("New Comer")
            ui.send("Tab")
            ui.type("newcomer")
            ui.send("Tab")
            ui.type("hi")
            ui.send("Enter")
            ui.wait_for("@newcomer")
            ui.send("1")
            ui.send("/")
            ui.type("seoul")
            ui.send("Enter")
            ui.wait_for("Seoul", timeout=60)  # a new data directory builds its catalog first (slow under load)
            ui.send("s")
            assert "★" in row_with(ui.wait_for("★"), "Seoul")
            ui.send("3")
            ui.wait_for("♡")
            ui.send("g")
            ui.send("l")
            ui.wait_for("♥ 1")
            ui.send("4")
            ui.wait_for("@newcomer")
            ui.send("L")
            ui.wait_for("Sign out")
            ui.send("y")
            ui.wait_for("guest")
            ui.send("3")
            time.sleep(0.5)
            screen = ui.screen()
            assert "♥" not in screen and "♡ 1" in screen, f"signed out, the like is counted but not mine:\n{screen}"
        finally:
            ui.kill()
        assert server.feed(ann)[0]["likes"] == 1
        newcomer = server.tern(["login", "--email", "newcomer@example.com"], data,
                               input=password_of("newcomer@example.com") + "\n")
        assert newcomer.returncode == 0, newcomer.stderr
        saved = json.loads(server.tern(["favorites", "list", "--json"], data).stdout)
        assert [f["placeName"] for f in saved] == ["Seoul"]


def test_the_interfaces_sign_up_takes_an_invitation_and_says_where_one_comes_from():
    """Without TERN_INVITE the sign-up form asks for the invitation (issue 27, point 8) and
    says where one comes from, whole; the typed invitation creates the account."""
    with Server() as server, DataDir() as data:
        code = server.invite()
        ui = Tmux(["--store", server.store], data, width=80, height=24, env={"TERN_INVITE": ""})
        try:
            ui.wait_for("guest")
            ui.send("4")
            ui.wait_for("create account")
            ui.send("c")
            screen = ui.wait_for("Invitation")
            said = " ".join(line.strip() for line in screen.splitlines())
            assert "takes an invitation to create an account: ask its administrator for one " \
                "(tern server invite makes it) and type it here" in said, screen
            ui.type("invited@example.com")
            ui.send("Tab")
            ui.type(password_of("invited@example.com"))
            ui.send("Enter")
            ui.wait_for("Enter the invitation")
            ui.type(code)
            ui.send("Enter")
            ui.wait_for("Username", timeout=20)
        finally:
            ui.kill()
        shown = run(["whoami"], data, env=server.env)
        assert shown.returncode == 0 and "invited@example.com" in shown.stdout, shown
