"""Long lists under tmux: every row reachable, `G` to the true last one, the position shown."""
import json
import os
import random
import re
import sqlite3
import string
import time

from tern import DataDir, Tmux, run
from test_accounts import register

POSTS = 1000


def seed_feed(data):
    """An account and POSTS posts: one through `tern post` (the newest), the others copied
    from it into the store with older timestamps, so a thousand cost a second, not minutes."""
    assert run(["--no-sample", "feed"], data).returncode == 0
    assert register(data, "walker@example.com").returncode == 0
    made = run(["profile", "set", "--display-name", "Walker", "--username", "walker"], data)
    assert made.returncode == 0, made.stderr
    newest = run(["post", "the newest post", "--json"], data)
    assert newest.returncode == 0, newest.stderr
    uid = json.loads(newest.stdout)["uid"]
    start = time.time() - 100_000
    database = sqlite3.connect(os.path.join(data.path, "tern.db"))
    with database:
        for index in range(POSTS - 1):
            post_id = "".join(random.choices(string.ascii_letters + string.digits, k=20))
            # The store keeps a timestamp as seconds with a capital E (DocStore/StorageJSON.swift).
            data_json = ('{"caption":"post %04d","likes":0,"timestamp":%.4fE0,"uid":%s}'
                         % (index, start + index * 10, json.dumps(uid)))
            database.execute("INSERT INTO documents (parent, id, data) VALUES ('tweets', ?, ?)", (post_id, data_json))
    database.close()
    assert len(run(["feed", "--json", "--limit", "5"], data).stdout) > 2


def position(screen, suffix=""):
    """The `n / total` a list shows (followed by `suffix`), as numbers."""
    found = re.search(r"([\d,]+) / ([\d,]+)" + re.escape(suffix), screen)
    assert found, f"no position on the screen:\n{screen}"
    return tuple(int(part.replace(",", "")) for part in found.groups())


def wait_for_position(ui, expected, suffix="", timeout=20.0):
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = ui.screen()
        found = re.search(r"([\d,]+) / ([\d,]+)" + re.escape(suffix), screen)
        if found and tuple(int(p.replace(",", "")) for p in found.groups()) == expected:
            return screen
        time.sleep(0.05)
    raise AssertionError(f"position {expected} never appeared; the screen was:\n{screen}")


def test_walking_a_feed_of_a_thousand_posts_reaches_the_oldest():
    with DataDir() as data:
        seed_feed(data)
        ui = Tmux([], data, width=100, height=30)
        try:
            ui.wait_for("1 Places")
            ui.send("3")
            ui.wait_for("the newest post")
            wait_for_position(ui, (1, POSTS))
            # j a thousand times, in bursts: every post passes under the selection.
            for _ in range(POSTS // 100):
                ui.type("j" * 100)
            screen = wait_for_position(ui, (POSTS, POSTS), timeout=60)
            ui.wait_for("post 0000")
            assert "post 0000" in screen or "post 0000" in ui.screen()
            # k back up a little, then g to the top and G to the bottom again.
            ui.type("k" * 5)
            wait_for_position(ui, (POSTS - 5, POSTS))
            ui.send("g")
            wait_for_position(ui, (1, POSTS))
            ui.wait_for("the newest post")
            ui.send("G")
            wait_for_position(ui, (POSTS, POSTS))
            ui.wait_for("post 0000")
        finally:
            ui.kill()


def test_places_big_g_reaches_the_last_match_of_the_catalog_and_of_a_query():
    with DataDir() as data:
        ui = Tmux([], data, width=100, height=30)
        try:
            ui.wait_for("matches", timeout=30)
            first, total = position(wait_for_position_total(ui), " matches")
            assert first == 1 and total > 200, "the whole catalog, not a first page"
            ui.send("G")
            wait_for_position(ui, (total, total), " matches")
            ui.send("g")
            wait_for_position(ui, (1, total), " matches")
            ui.send("/")
            ui.type("san")
            ui.send("Enter")
            screen = ui.wait_for("Search san ")
            _, matched = position(screen, " matches")
            assert 200 < matched < total
            ui.send("G")
            wait_for_position(ui, (matched, matched), " matches")
            ui.type("k" * 3)
            wait_for_position(ui, (matched - 3, matched), " matches")
        finally:
            ui.kill()


def wait_for_position_total(ui, timeout=30.0):
    """The Places screen once the catalog is searched (a position on the search row)."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = ui.screen()
        if re.search(r"[\d,]+ / [\d,]+ matches", screen):
            return screen
        time.sleep(0.05)
    raise AssertionError(f"no match count appeared; the screen was:\n{screen}")


def test_a_place_imported_by_another_process_appears_in_the_running_interface():
    with DataDir() as data:
        ui = Tmux([], data, width=100, height=30)
        try:
            _, total = position(wait_for_position_total(ui), " matches")
            ui.send("/")
            ui.type("Zzyzx")
            ui.send("Enter")
            ui.wait_for("No place matches")
            path = os.path.join(data.path, "mine.csv")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("name,latitude,longitude\nZzyzx Springs,35.14,-116.10\n")
            imported = run(["places", "import", path], data)
            assert imported.returncode == 0, imported.stderr
            # The interface looks at the imports file twice a second and loads the catalog
            # image the import prepared: about a second, many more on a loaded machine.
            ui.wait_for("Zzyzx Springs", timeout=60)
            ui.wait_for("1 match")
            ui.send("Escape")
            wait_for_position(ui, (1, total + 1), " matches")
            assert ui.alive()
        finally:
            ui.kill()


FAVORITES = 2000


def seed_favorites(data):
    """An account whose default folder holds FAVORITES places: one saved with `tern
    favorites add` (the newest, Seoul), the others written into the store with older saved
    times, named `Saved 0000` (the oldest) …"""
    assert run(["--no-sample", "feed"], data).returncode == 0
    assert register(data, "keeper@example.com").returncode == 0
    made = run(["profile", "set", "--display-name", "Keeper", "--username", "keeper"], data)
    assert made.returncode == 0, made.stderr
    added = run(["favorites", "add", "1835848"], data)
    assert added.returncode == 0, added.stderr
    database = sqlite3.connect(os.path.join(data.path, "tern.db"))
    (parent,) = database.execute(
        "SELECT parent FROM documents WHERE parent LIKE 'favorites/%/favorites' LIMIT 1").fetchone()
    start = time.time() - 100_000
    with database:
        for index in range(FAVORITES - 1):
            # The store keeps a timestamp as seconds with a capital E (DocStore/StorageJSON.swift).
            data_json = ('{"placeName":"Saved %04d","placeID":"e2e%04d","address":"Street %d",'
                         '"coordinate":{"latitude":%.4f,"longitude":%.4f},"savedAt":%.4fE0,'
                         '"folders":["default"],"memo":""}'
                         % (index, index, index, 37 + index / 10000, 127 + index / 10000, start + index * 10))
            database.execute("INSERT INTO documents (parent, id, data) VALUES (?, ?, ?)",
                             (parent, "e2e%04d" % index, data_json))
    database.close()


def test_big_g_in_a_big_favorites_folder_reaches_its_last_place():
    with DataDir() as data:
        seed_favorites(data)
        ui = Tmux([], data, width=100, height=30)
        try:
            ui.wait_for("1 Places")
            ui.send("2")
            # The first look at the folder gives the seeded favorites their name keys.
            ui.wait_for("Seoul", timeout=30)
            wait_for_position(ui, (1, FAVORITES))
            ui.send("G")
            wait_for_position(ui, (FAVORITES, FAVORITES))
            ui.wait_for("Saved 0000")
            ui.type("k" * 3)
            wait_for_position(ui, (FAVORITES - 3, FAVORITES))
            ui.send("g")
            wait_for_position(ui, (1, FAVORITES))
            ui.wait_for("Seoul")
        finally:
            ui.kill()
