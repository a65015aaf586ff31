"""People and posts in the running interface (tmux): another process's rename and sign-out
show without a keypress; authors' profiles; deleting one's own post."""
import json
import time

from tern import DataDir, Tmux, run
from test_accounts import register
from test_ui import start


def onboard(data, name, session=None):
    env = {"TERN_SESSION": session} if session else None
    result = run(["profile", "set", "--display-name", name.title(), "--username", name], data, env=env)
    assert result.returncode == 0, result.stderr


def wait_until(ui, check, timeout, what):
    deadline = time.monotonic() + timeout
    screen = ui.screen()
    while time.monotonic() < deadline:
        screen = ui.screen()
        if check(screen):
            return screen
        time.sleep(0.05)
    raise AssertionError(f"{what} never happened within {timeout}s; the screen was:\n{screen}")


def test_a_rename_in_another_process_appears_in_a_running_interface():
    with DataDir() as data:
        writer = data.path + "/writer/session"
        assert register(data, "writer@example.com", session=writer).returncode == 0
        onboard(data, "writer", session=writer)
        assert run(["post", "a post to rename under"], data, env={"TERN_SESSION": writer}).returncode == 0
        ui = start(data)
        try:
            ui.send("3")
            ui.wait_for("Writer @writer")
            ui.send("Enter")
            ui.wait_for("Esc back")
            renamed = run(["profile", "set", "--display-name", "Renamed Writer", "--username", "renamed"], data,
                          env={"TERN_SESSION": writer})
            assert renamed.returncode == 0, renamed.stderr
            screen = wait_until(ui, lambda s: "Renamed Writer @renamed" in s and "@writer" not in s, 3,
                                "the rename on the author's profile")
            assert screen.count("@renamed") >= 2, screen  # the profile and its post
            ui.send("Escape")
            wait_until(ui, lambda s: "Renamed Writer @renamed" in s and "Esc back" not in s, 3, "back on the Feed, renamed")
        finally:
            ui.kill()


def test_a_logout_in_another_process_signs_the_interface_out_within_a_second():
    with DataDir() as data:
        assert register(data, "reader@example.com").returncode == 0
        onboard(data, "reader")
        ui = start(data)
        try:
            ui.wait_for("@reader")
            assert run(["logout"], data).returncode == 0
            started = time.monotonic()
            screen = wait_until(ui, lambda s: "guest" in s.splitlines()[0], 1.5, "the sign-out")
            assert time.monotonic() - started <= 1.5
            assert "@reader" not in screen.splitlines()[0]
            ui.send("4")
            ui.wait_for("You are not signed in")
            # And back: a sign-in elsewhere is followed too.
            login = run(["login", "--email", "reader@example.com"], data, input="correct horse battery\n")
            assert login.returncode == 0, login.stderr
            wait_until(ui, lambda s: "@reader" in s.splitlines()[0], 2, "the sign-in")
        finally:
            ui.kill()


def test_own_post_is_deleted_after_a_question_and_others_are_refused():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        post = json.loads(run(["post", "short-lived words", "--json"], data).stdout)
        ui = start(data)
        try:
            ui.send("3")
            ui.wait_for("short-lived words")
            ui.send("d")
            ui.wait_for("Delete this post?")
            ui.send("y")
            wait_until(ui, lambda s: "short-lived words" not in s, 3, "the deletion")
            assert all(p["id"] != post["id"] for p in json.loads(run(["feed", "--json"], data).stdout))
            ui.send("e")
            ui.wait_for("you can only edit your own posts")
        finally:
            ui.kill()


def test_on_a_server_a_rename_and_a_logout_elsewhere_reach_a_running_interface():
    from test_server import Server, password_of
    with Server() as server, DataDir() as ann, DataDir() as bob:
        server.register(ann, "ann@example.com", "ann")
        server.register(bob, "bob@example.com", "bob")
        assert server.tern(["post", "from ann on the server"], ann).returncode == 0
        ui = Tmux([], bob, env=server.env)
        try:
            ui.wait_for("@bob")
            ui.send("3")
            ui.wait_for("Ann @ann")
            renamed = server.tern(["profile", "set", "--display-name", "Ann Renamed", "--username", "ann_r"], ann)
            assert renamed.returncode == 0, renamed.stderr
            wait_until(ui, lambda s: "Ann Renamed @ann_r" in s, 3, "the rename on the server")
            # Bob signs out in another terminal: the running interface reads as the guest.
            assert server.tern(["logout"], bob).returncode == 0
            wait_until(ui, lambda s: "guest" in s.splitlines()[0], 2, "the sign-out on the server")
            login = server.tern(["login", "--email", "bob@example.com"], bob, input=password_of("bob@example.com") + "\n")
            assert login.returncode == 0, login.stderr
            wait_until(ui, lambda s: "@bob" in s.splitlines()[0], 3, "the sign-in on the server")
            ui.send("l")
            wait_until(ui, lambda s: "♥ 1" in s, 3, "a like as bob after following the sign-in")
        finally:
            ui.kill()
