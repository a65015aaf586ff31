"""The interface as a newcomer meets it: the real binary in tmux, keys in, screen out."""
import json
import os
import time

from tern import DataDir, Tmux, run
from test_accounts import register

PASSWORD = "correct horse battery"


def start(data, width=100, height=30, args=(), env=None):
    ui = Tmux(list(args), data, width=width, height=height, env=env)
    ui.wait_for("1 Places")
    return ui


def row_with(screen, text):
    for line in screen.splitlines():
        if text in line:
            return line
    raise AssertionError(f"no row with {text!r}:\n{screen}")


def test_newcomer_walk():
    with DataDir() as data:
        ui = start(data)
        try:
            screen = ui.screen()
            assert "2 Favorites" in screen and "3 Feed" in screen and "4 Profile" in screen
            assert "guest" in screen
            # Search, then a refused save while signed out.
            ui.send("/")
            ui.type("seoul")
            ui.send("Enter")
            screen = ui.wait_for("Seoul")
            assert "☆" in row_with(screen, "Seoul")
            ui.send("s")
            ui.wait_for("Sign in")
            assert "★" not in row_with(ui.screen(), "Seoul")
            # Create an account and onboard.
            ui.send("4")
            ui.wait_for("create account")
            ui.send("c")
            ui.wait_for("Email")
            ui.type("newcomer@example.com")
            ui.send("Tab")
            ui.type(PASSWORD)
            assert PASSWORD not in ui.screen(), "the password is drawn as dots"
            ui.send("Enter")
            ui.wait_for("Username", timeout=20)
            ui.type("New Comer")
            ui.send("Tab")
            ui.type("newcomer")
            ui.send("Tab")
            ui.type("hello from the terminal")
            ui.send("Enter")
            ui.wait_for("@newcomer")
            # Save a place and see the star, then find it in Favorites.
            ui.send("1")
            ui.wait_for("Seoul")
            ui.send("s")
            time.sleep(0.3)
            assert "★" in row_with(ui.wait_for("★"), "Seoul")
            ui.send("2")
            assert "Seoul" in row_with(ui.wait_for("★ Seoul"), "★")
            # Heart the first post of the feed.
            ui.send("3")
            ui.wait_for("♡")
            ui.send("g")
            ui.send("l")
            ui.wait_for("♥")
            ui.send("q")
            deadline = time.monotonic() + 5
            while ui.alive() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not ui.alive(), "q quits"
        finally:
            ui.kill()
        # Relaunch: the heart is kept.
        ui = start(data)
        try:
            ui.send("3")
            screen = ui.wait_for("♥")
            assert "@newcomer" in screen
            # Compose a post.
            ui.send("n")
            ui.type("posted from tmux 🌸")
            ui.send("Enter")
            ui.wait_for("posted from tmux")
            # Sign out.
            ui.send("4")
            ui.wait_for("@newcomer")
            ui.send("L")
            ui.wait_for("Sign out")
            ui.send("y")
            ui.wait_for("guest")
        finally:
            ui.kill()
        liked = json.loads(run(["feed", "--json"], data).stdout)
        assert any(p["caption"] == "posted from tmux 🌸" for p in liked)


def test_another_process_like_shows_without_a_keypress():
    with DataDir() as data:
        other = os.path.join(data.path, "other.session")
        assert register(data, "other@example.com", session=other).returncode == 0
        first = json.loads(run(["feed", "--json", "--limit", "1"], data).stdout)[0]
        ui = start(data)
        try:
            ui.send("3")
            screen = ui.wait_for("♡")
            assert run(["like", first["id"]], data, env={"TERN_SESSION": other}).returncode == 0
            expected = f"{first['likes'] + 1}"
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                screen = ui.screen()
                hearts = [line for line in screen.splitlines() if "♡" in line or "♥" in line]
                if hearts and expected in hearts[0]:
                    break
                time.sleep(0.1)
            else:
                raise AssertionError(f"the like from another process never showed:\n{screen}")
        finally:
            ui.kill()


def test_help_overlay_lists_bindings_and_closes():
    with DataDir() as data:
        ui = start(data)
        try:
            ui.send("?")
            screen = ui.wait_for("search")
            ui.send("Escape")
            time.sleep(0.3)
            assert ui.alive()
        finally:
            ui.kill()


def test_resize_storm_and_tiny_terminal():
    with DataDir() as data:
        ui = start(data, width=80, height=24)
        try:
            for width, height in [(20, 6), (120, 40), (30, 8), (200, 60), (20, 6), (100, 30)] * 3:
                ui.resize(width, height)
                time.sleep(0.05)
            ui.resize(20, 6)
            time.sleep(0.3)
            assert ui.alive()
            assert ui.screen().strip(), "something is drawn at 20x6"
            ui.resize(100, 30)
            ui.wait_for("1 Places")
        finally:
            ui.kill()


def test_escape_sequences_and_bidi_overrides_in_data_are_drawn_safely():
    """A post and a place carrying terminal controls, written straight into the data (the
    commands refuse such text), are drawn without the controls reaching the terminal."""
    import sqlite3
    hostile = "\x1b]0;PWNED\x07"
    with DataDir() as data:
        assert run(["feed", "--limit", "1"], data).returncode == 0  # creates and seeds the database
        caption = f"Hello{hostile} world\x1b[31m red\u202e txt\u009b31m end"
        db = sqlite3.connect(os.path.join(data.path, "tern.db"))
        stamp = f"{time.time():.3f}E0"
        document = json.dumps({"caption": caption, "likes": 0, "uid": "sample-seoyeon", "timestamp": 0})
        document = document.replace('"timestamp": 0', f'"timestamp": {stamp}').replace(", ", ",").replace(": ", ":")
        with db:
            db.execute("INSERT INTO documents (parent, id, data) VALUES ('tweets', 'hostile-post', ?)", (document,))
        db.close()
        imports = os.path.join(data.path, "places", "imports")
        os.makedirs(imports, exist_ok=True)
        name = f"Evil{hostile}Town\x1b[31m\u202eRed\u009b31m"
        with open(os.path.join(imports, "places.tsv"), "w", encoding="utf-8") as f:
            f.write("#tern-places\t1\tid\tname\tkoreanName\tcountry\tregion\tlatitude\tlongitude\tpopulation"
                    "\ttimeZone\talternateNames\taddress\n")
            f.write(f"hostile-1\t{name}\t\tNowhere\t\t10.5\t20.25\t5\tUTC\tEviltown\t\n")
        ui = start(data)
        try:
            title = ui.tmux("display", "-p", "-t", ui.name, "#{pane_title}").stdout
            ui.send("3")
            screen = ui.wait_for("Hello world red txt end")
            assert "PWNED" not in screen
            ui.send("1")
            ui.send("/")
            ui.type("Evil")
            ui.send("Enter")
            # The imported file is a new source: the catalog image is built again first.
            screen = ui.wait_for("EvilTownRed", timeout=60)
            assert "PWNED" not in screen and "31m" not in screen
            assert ui.tmux("display", "-p", "-t", ui.name, "#{pane_title}").stdout == title, "the title changed"
            assert not red_sgr(styled_row(ui, "EvilTownRed")), "colours changed"
            ui.send("3")
            ui.wait_for("Hello world red txt end")
            assert not red_sgr(styled_row(ui, "Hello world")), "the caption turned red"
            assert ui.alive()
        finally:
            ui.kill()


def styled_row(ui, text):
    """The screen line containing `text` (once SGR sequences are taken out), with its SGR
    sequences; no other escape sequence may be in it."""
    import re
    styled = ui.tmux("capture-pane", "-e", "-p", "-t", ui.name).stdout
    for line in styled.splitlines():
        if text in re.sub(r"\x1b\[[0-9;:]*m", "", line):
            assert "\x1b]" not in line and "\x07" not in line, f"an OSC reached the terminal: {line!r}"
            assert not re.search(r"\x1b(?!\[[0-9;:]*m)", line), f"a non-SGR escape reached the terminal: {line!r}"
            return line
    raise AssertionError(f"no row with {text!r}:\n{styled}")


def red_sgr(line):
    """Whether an SGR sequence in `line` sets a red foreground (31 or 38;5;1)."""
    import re
    for params in re.findall(r"\x1b\[([0-9;:]*)m", line):
        parts = params.split(";")
        if "31" in parts or "38;5;1" in params and params.endswith("38;5;1"):
            return True
    return False
