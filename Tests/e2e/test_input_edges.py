"""The input edges under tmux with the real binary: Home/End/PgUp/PgDn whatever TERM says,
line breaks in a post (Alt-Enter, Ctrl-J), the search history across restarts."""
import json
import os
import time

from tern import DataDir, Tmux, run
from test_accounts import register
from test_lists import position, wait_for_position, wait_for_position_total

TERMS = ["xterm-256color", "screen-256color"]


def onboard(data, username="writer"):
    assert run(["feed"], data).returncode == 0
    assert register(data, f"{username}@example.com").returncode == 0
    made = run(["profile", "set", "--display-name", username.title(), "--username", username], data)
    assert made.returncode == 0, made.stderr


def wait_until_moved(ui, suffix=""):
    """Waits until the list's selection is past its first row; returns the position."""
    deadline = time.monotonic() + 10
    screen = ""
    while time.monotonic() < deadline:
        screen = ui.screen()
        if position(screen, suffix)[0] > 1:
            return position(screen, suffix)
        time.sleep(0.05)
    raise AssertionError(f"the selection did not move:\n{screen}")


def test_home_end_and_pages_move_the_selection_in_places_and_feed_under_both_terms():
    for term in TERMS:
        with DataDir() as data:
            assert run(["feed"], data).returncode == 0
            ui = Tmux([], data, width=100, height=30, env={"TERM": term})
            try:
                _, total = position(wait_for_position_total(ui), " matches")
                ui.send("End")
                wait_for_position(ui, (total, total), " matches")
                ui.send("Home")
                wait_for_position(ui, (1, total), " matches")
                ui.send("PageDown")
                wait_until_moved(ui, " matches")
                ui.send("PageUp")
                wait_for_position(ui, (1, total), " matches")
                # Loose characters would have switched tabs ("[4~" holds a 4) or typed into nothing.
                assert "Search" in ui.screen(), f"still on Places under {term}"
                ui.send("3")
                _, posts = position(ui.wait_for("All posts"))
                ui.send("End")
                wait_for_position(ui, (posts, posts))
                ui.send("Home")
                wait_for_position(ui, (1, posts))
                ui.send("PageDown")
                wait_until_moved(ui)
                ui.send("End")
                screen = wait_for_position(ui, (posts, posts))
                assert "All posts" in screen, f"still on the Feed under {term}:\n{screen}"
            finally:
                ui.kill()


def test_alt_enter_and_ctrl_j_write_lines_that_the_post_keeps():
    with DataDir() as data:
        onboard(data)
        ui = Tmux([], data, width=80, height=24)
        try:
            ui.wait_for("@writer")
            ui.send("3")
            ui.wait_for("All posts")
            ui.send("n")
            ui.wait_for("New post")
            ui.type("first line")
            ui.send("M-Enter")
            ui.type("second line")
            ui.send("C-j")
            ui.type("third line")
            screen = ui.wait_for("third line")
            rows = screen.splitlines()
            at = next(i for i, row in enumerate(rows) if "first line" in row)
            assert "second line" in rows[at + 1] and "third line" in rows[at + 2], screen
            assert "New post" in ui.screen(), "Alt-Enter did not cancel the compose"
            ui.send("Enter")
            ui.wait_for("Posted")
        finally:
            ui.kill()
        posts = json.loads(run(["feed", "--json", "--limit", "1"], data).stdout)
        assert posts[0]["caption"] == "first line\nsecond line\nthird line"
        text = run(["feed", "--limit", "1"], data).stdout.splitlines()
        at = next(i for i, line in enumerate(text) if line.startswith("Writer @writer"))
        assert text[at + 1:at + 4] == ["  first line", "  second line", "  third line"], text


def search_and_keep(ui, query):
    ui.send("/")
    ui.send("C-u")
    ui.type(query)
    ui.send("Enter")
    ui.wait_for(f"Search {query} ")


def quit_and_wait(ui):
    """Quits with q (the list has focus) and waits until the process and its tmux are gone."""
    ui.send("q")
    deadline = time.monotonic() + 10
    while ui.alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not ui.alive(), ui.screen()
    time.sleep(0.2)


def test_the_search_history_lasts_across_restarts_and_a_hostile_file_is_left_alone():
    with DataDir() as data:
        ui = Tmux([], data, width=100, height=30)
        try:
            wait_for_position_total(ui)
            search_and_keep(ui, "busan")
            search_and_keep(ui, "san")
            quit_and_wait(ui)
        finally:
            ui.kill()
        history = os.path.join(data.path, "search-history")
        with open(history, encoding="utf-8") as handle:
            assert handle.read() == "san\nbusan\n"
        assert os.stat(history).st_mode & 0o777 == 0o600
        ui = Tmux([], data, width=100, height=30)
        try:
            wait_for_position_total(ui)
            ui.send("/")
            ui.send("Up")
            ui.wait_for("Search san ")
            ui.send("Up")
            ui.wait_for("Search busan ")
            ui.send("Down")
            ui.wait_for("Search san ")
            ui.send("Enter")
            # With the list focused, Up and Down move the selection, not the history.
            before = position(ui.screen(), " matches")
            ui.send("Down")
            wait_for_position(ui, (before[0] + 1, before[1]), " matches")
            assert "Search san " in ui.screen()
        finally:
            ui.kill()

    with DataDir() as data:
        history = os.path.join(data.path, "search-history")
        hostile = b"\x1b]0;pwned\x07\nseoul\n\xff\xfe\n"
        with open(history, "wb") as handle:
            handle.write(hostile)
        ui = Tmux([], data, width=100, height=30)
        try:
            wait_for_position_total(ui)
            ui.send("/")
            ui.send("Up")
            search_and_keep(ui, "busan")
            ui.send("/")
            ui.send("C-u")
            ui.send("Up")
            ui.wait_for("Search busan ")
            assert "pwned" not in ui.screen()
            assert ui.alive()
        finally:
            ui.kill()
        with open(history, "rb") as handle:
            assert handle.read() == hostile, "never written over"


def test_own_posts_are_edited_with_capital_e_and_deleted_with_d_on_the_profile_tab():
    with DataDir() as data:
        onboard(data)
        assert run(["post", "keep me"], data).returncode == 0
        assert run(["post", "fix me"], data).returncode == 0
        ui = Tmux([], data, width=80, height=24)
        try:
            ui.wait_for("@writer")
            ui.send("4")
            ui.wait_for("E edit post")
            ui.send("E")
            ui.wait_for("Edit post fix me")
            ui.send("C-w")
            ui.type("fixed")
            ui.send("Enter")
            ui.wait_for("Post saved")
            ui.send("j")
            ui.send("d")
            ui.wait_for("Delete this post?")
            ui.send("y")
            ui.wait_for("Post deleted")
        finally:
            ui.kill()
        posts = json.loads(run(["feed", "--json", "--limit", "100"], data).stdout)
        mine = [post["caption"] for post in posts if post["username"] == "writer"]
        assert mine == ["fix fixed"], mine


def test_a_paste_of_twenty_thousand_marks_is_one_edit_and_keys_after_it_are_answered():
    with DataDir() as data:
        assert run(["feed"], data).returncode == 0
        ui = Tmux([], data, width=100, height=30)
        try:
            wait_for_position_total(ui)
            ui.send("/")
            ui.type("Seo")
            ui.wait_for("Seoul")
            marks = os.path.join(data.path, "marks.txt")
            with open(marks, "w", encoding="utf-8") as file:
                file.write("ul" + "\u0301" * 20_000)
            loaded = ui.tmux("load-buffer", "-b", "marks", marks, check=False)
            assert loaded.returncode == 0, loaded.stderr
            # -p: as a terminal pastes when the program asked for bracketed paste.
            ui.tmux("paste-buffer", "-p", "-d", "-b", "marks", "-t", ui.name)
            ui.send("Escape")
            ui.send("2")
            # Typed one key at a time, the paste kept the process busy for over 20 s.
            screen = ui.wait_for("Sign in on the Profile tab (4) to save favorites", timeout=10)
            assert ui.alive(), screen
        finally:
            ui.kill()


def test_twenty_thousand_marks_typed_key_by_key_never_keep_the_keys_after_them_waiting():
    """A terminal without bracketed paste sends a paste as typed keys: each key used to search
    again, so Esc and 2 waited behind 20,000 searches the next keys made stale. Keys waiting
    together are one edit now, and the keys after them are answered in order."""
    with DataDir() as data:
        assert run(["feed"], data).returncode == 0
        ui = Tmux([], data, width=100, height=30)
        try:
            wait_for_position_total(ui)
            ui.send("/")
            ui.type("Seo")
            ui.wait_for("Seoul")
            marks = os.path.join(data.path, "marks.txt")
            with open(marks, "w", encoding="utf-8") as file:
                file.write("ul" + "\u0301" * 20_000)
            loaded = ui.tmux("load-buffer", "-b", "marks", marks, check=False)
            assert loaded.returncode == 0, loaded.stderr
            # Without -p tmux sends the buffer as keys, unbracketed, as such a terminal types it.
            ui.tmux("paste-buffer", "-d", "-b", "marks", "-t", ui.name)
            ui.send("Escape")
            ui.send("2")
            screen = ui.wait_for("Sign in on the Profile tab (4) to save favorites", timeout=10)
            assert ui.alive(), screen
            # In order: the marks were typed, then Esc cleared the query, then 2 changed tab.
            ui.send("1")
            screen = ui.wait_for("press / to search")
            assert "Search press / to search" in screen, screen
        finally:
            ui.kill()
