"""A post that carries a place (issue 29, point 1), from the command line: `tern post TEXT
--place PLACE_ID` and `tern reply … --place`, the `place` every post's JSON carries (a
PLACE as `places show` prints it, or null), an online place copied with the post so it
shows offline and without a provider key, the refusal of an unknown id, the sample
community's places, and the same on a team server through the outbox."""
import json
import os
import time

from tern import DataDir, run
from test_accounts import register
from test_follows import onboard
from test_online_places import FakeServer, configure, search

SEOUL = "1835848"


def ok_json(data, *args, env=None):
    result = run([*args, "--json"], data, env=env)
    assert result.returncode == 0, (args, result.stderr)
    return json.loads(result.stdout)


def test_a_post_and_a_reply_carry_a_catalog_place():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        post = ok_json(data, "post", "lunch in the city", "--place", SEOUL)
        # The PLACE of `places show`, without the counts only `places show` adds.
        shown = ok_json(data, "places", "show", SEOUL)
        assert shown.pop("posts") >= 1 and shown.pop("savedByFollowing") == 0, shown
        assert post["place"] == shown, (post["place"], shown)
        assert post["place"]["placeName"] == "Seoul" and post["place"]["source"] == "catalog"
        reply = ok_json(data, "reply", post["id"], "dinner too", "--place", SEOUL)
        assert reply["place"]["placeID"] == SEOUL and reply["replyTo"] == post["id"]
        plain = ok_json(data, "post", "no place here")
        assert plain["place"] is None
        rows = {row["id"]: row for row in ok_json(data, "feed", "--limit", "100")}
        assert rows[post["id"]]["place"]["placeName"] == "Seoul"
        assert rows[plain["id"]]["place"] is None
        thread = ok_json(data, "thread", post["id"])
        assert thread["post"]["place"]["placeID"] == SEOUL and thread["replies"][0]["place"]["placeID"] == SEOUL
        assert ok_json(data, "like", post["id"])["place"]["placeID"] == SEOUL


def test_the_sample_communitys_posts_show_their_catalog_places():
    with DataDir() as data:
        rows = ok_json(data, "feed", "--limit", "100")
        placed = [row for row in rows if row["place"] is not None]
        assert placed, "the sample community names catalog places"
        assert all(row["place"]["source"] == "catalog" and row["place"]["placeName"] for row in placed)
        assert any(row["place"] is None for row in rows)


def test_an_unknown_place_is_one_line_exit_1_and_nothing_written():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        before = ok_json(data, "feed", "--limit", "100")
        target = before[0]["id"]
        for args in (["post", "hello", "--place", "999999999"], ["post", "hello", "--place", "kakao:404"],
                     ["reply", target, "hello", "--place", "osm:N1"]):
            refused = run(args, data)
            assert refused.returncode == 1 and refused.stdout == "", refused
            assert len(refused.stderr.strip().splitlines()) == 1 and "No place with id" in refused.stderr
            as_json = run([*args, "--json"], data)
            assert as_json.returncode == 1 and json.loads(as_json.stderr)["error"]["message"]
        assert ok_json(data, "feed", "--limit", "100") == before, "a refused post writes nothing"


def test_an_online_place_is_copied_with_the_post_and_shows_without_the_provider():
    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        with FakeServer() as server:
            configure(data, server)
            result, answer = search(data, "을지로")
            assert result.returncode == 0, result.stderr
            cafe = answer["documents"][0]
            assert cafe["placeID"] == "kakao:8105891"
            post = ok_json(data, "post", "coffee", "--place", "kakao:8105891")
        os.remove(os.path.join(data.path, "config"))
        os.remove(os.path.join(data.path, "places", "online-answers.json"))
        row = next(row for row in ok_json(data, "feed", "--limit", "100") if row["id"] == post["id"])
        place = row["place"]
        assert place["placeName"] == "을지로 커피한약방" and place["source"] == "kakao"
        assert place["roadAddress"] == "서울 중구 삼일대로12길 16-6" and place["url"] == cafe["url"]
        assert place["coordinate"] == cafe["coordinate"]


def test_a_place_on_a_team_server_goes_through_the_outbox():
    from netproxy import DelayProxy
    from test_outbox_cli import people
    from test_server import Server

    with Server() as server, DelayProxy() as proxy:
        alice, bob = people(server, proxy)
        post = alice.json("post", "from the office", "--place", SEOUL)
        assert post["place"]["placeName"] == "Seoul"
        proxy.cut()
        assert alice.ok("post", "--queue", "queued with a place", "--place", SEOUL) == "queued\n"
        refused = alice.tern("post", "--queue", "nowhere", "--place", "999999999")
        assert refused.returncode == 1 and "No place with id" in refused.stderr
        proxy.restore()
        assert alice.ok("sync").strip().endswith("1 sent, 0 dropped, 0 pending")
        rows = [row for row in bob.json("feed", "--limit", "100") if row["username"] == "alice"]
        assert sorted(row["caption"] for row in rows) == ["from the office", "queued with a place"]
        assert all(row["place"]["placeID"] == SEOUL for row in rows)


def test_the_feed_shows_a_posts_place_under_its_caption_in_utf8_and_ascii():
    from tern import Tmux
    from test_ui import start

    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        ok_json(data, "post", "lunch by the river", "--place", SEOUL)
        ui = start(data, width=100, height=30)
        try:
            ui.send("3")
            screen = ui.wait_for("📍 Seoul")
            lines = screen.splitlines()
            caption = next(i for i, line in enumerate(lines) if "lunch by the river" in line)
            assert "📍 Seoul" in lines[caption + 1], screen
        finally:
            ui.kill()
        ascii_ui = Tmux([], data, width=100, height=30, env={"LANG": "C", "LC_ALL": "C"})
        try:
            ascii_ui.wait_for("1 Places")
            ascii_ui.send("3")
            ascii_ui.wait_for("[P] Seoul")
        finally:
            ascii_ui.kill()


def test_lang_c_draws_the_feeds_post_map_in_ascii():
    """Issue 29, point 5: at 120 columns the Feed's map pane marks the selected post's place
    with `#` in a non-UTF-8 locale, its dots as `.`, and says `No place` for a post without one."""
    from tern import Tmux

    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        ok_json(data, "post", "lunch by the river", "--place", SEOUL)
        ok_json(data, "post", "no place here")
        ui = Tmux([], data, width=120, height=40, env={"LANG": "C", "LC_ALL": "C"})
        try:
            ui.wait_for("1 Places")
            ui.send("3")
            screen = ui.wait_for("No place")
            assert "no place here" in screen, screen
            ui.send("j")
            screen = ui.wait_for("# Seoul")
            # The pane is right of the list's rule (the list's lines are this test's ASCII posts).
            pane = [line[line.find("|", 50) :] for line in screen.splitlines() if line.find("|", 50) >= 0]
            assert any("Map" in line for line in pane), screen
            map_rows = [line for line in pane if line.startswith("| |")]
            assert any("#" in line for line in map_rows), screen
            assert all(ord(c) < 128 for line in pane for c in line), screen
            assert "No place" not in screen, screen
        finally:
            ui.kill()
        narrow = Tmux([], data, width=80, height=24, env={"LANG": "C", "LC_ALL": "C"})
        try:
            narrow.wait_for("1 Places")
            narrow.send("3")
            screen = narrow.wait_for("no place here")
            assert "No place" not in screen and "Map" not in screen, screen
        finally:
            narrow.kill()


def test_p_opens_a_posts_place_in_places_and_a_post_without_one_says_so():
    """h29post2: the sample community's catalog places show with the distance from a home
    point the config sets; `p` opens the selected post's place in Places with its detail."""
    from test_ui import row_with, start

    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        ok_json(data, "post", "no place here")
        with open(os.path.join(data.path, "config"), "a") as config:
            config.write("home = 37.5665,126.9780\n")
        ui = start(data, width=100, height=30)
        try:
            ui.send("3")
            screen = ui.wait_for("📍 Busan")
            assert " km" in row_with(screen, "📍 Busan"), screen
            ui.send("p")
            ui.wait_for("This post carries no place")
            ui.send("j")
            ui.send("p")
            screen = ui.wait_for("Asia/Seoul")
            assert "Places" in screen.splitlines()[0], screen
        finally:
            ui.kill()


def test_ctrl_p_attaches_a_place_while_writing_and_the_feed_shows_it():
    """pick (issue 29, point 1, the interface): a post typed in the Feed, Ctrl-P opens the
    place picker, a typed query finds Seoul in the catalog, Enter attaches it under the field,
    Enter posts; the Feed shows `📍 Seoul` under the caption and the stored post carries the
    place, as `tern post --place` writes it. Ctrl-P again offers to remove a place."""
    from test_ui import start

    with DataDir() as data:
        assert register(data, "ann@example.com").returncode == 0
        onboard(data, "ann")
        ui = start(data, width=100, height=30)
        try:
            ui.send("3")
            ui.wait_for("All posts")
            ui.send("n")
            ui.wait_for("New post")
            ui.type("picnic by the han river")
            ui.send("C-p")
            ui.wait_for("Attach a place")
            ui.type("seoul")
            ui.wait_for("Seoul ·")
            ui.send("Enter")
            screen = ui.wait_for("changes or removes it")
            lines = screen.splitlines()
            field = next(i for i, line in enumerate(lines) if "picnic by the han river" in line)
            assert "📍 Seoul" in lines[field + 1], screen
            # Ctrl-P again: the first row takes the place off; Esc keeps it.
            ui.send("C-p")
            ui.wait_for("Remove Seoul")
            ui.send("Escape")
            # Esc closed the picker (wait for it: Esc at once followed by Enter reads as Alt-Enter).
            deadline = time.monotonic() + 10
            while "Attach a place" in ui.screen() and time.monotonic() < deadline:
                time.sleep(0.05)
            screen = ui.screen()
            assert "Attach a place" not in screen and "changes or removes it" in screen, screen
            ui.send("Enter")
            ui.wait_for("Posted")
            screen = ui.wait_for("📍 Seoul")
            lines = screen.splitlines()
            caption = next(i for i, line in enumerate(lines) if "picnic by the han river" in line)
            assert "📍 Seoul" in lines[caption + 1], screen
        finally:
            ui.kill()
        rows = ok_json(data, "feed", "--limit", "100")
        post = next(row for row in rows if row["caption"] == "picnic by the han river")
        assert post["place"]["placeID"] == SEOUL and post["place"]["placeName"] == "Seoul", post


def test_p_on_a_places_detail_lists_its_posts_and_esc_goes_back():
    """Issue 29, point 2: `p` on a place's detail (the pane from 100 columns, the whole
    screen below) lists the posts about it under `Posts about NAME · N posts`, with the
    Feed's rows; Esc goes back to the place."""
    from test_ui import start

    with DataDir() as data:
        count = ok_json(data, "places", "show", "1838524")["posts"]
        assert count > 0, "the sample community writes about Busan"
        for width, height in ((120, 40), (80, 24)):
            ui = start(data, width=width, height=height)
            try:
                ui.send("/")
                ui.type("Busan")
                ui.send("Enter")
                if width < 100:
                    ui.wait_for("Busan")
                    ui.send("Enter")
                ui.wait_for(f"{count} posts")
                ui.send("p")
                screen = ui.wait_for(f"Posts about Busan · {count} posts")
                assert "📍 Busan" in screen, screen
                assert "Esc back" in screen.splitlines()[-1], screen
                ui.send("Escape")
                screen = ui.wait_for("Asia/Seoul")
                assert "Posts about" not in screen, screen
            finally:
                ui.kill()
