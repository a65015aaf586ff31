"""A stored document Tern cannot read (issue 26, point 9): written straight into the SQLite
file, over the size limit or nested deeper than the store reads, it is left out of every list
with a notice, and never fails the list, the folders, the export or the removal of it."""
import json
import os
import sqlite3

from tern import DataDir, Tmux, run
from test_accounts import register

SEOUL = "1835848"


def ok(args, data):
    result = run(args, data)
    assert result.returncode == 0, (args, result.stderr)
    return result


def plant_unreadable(data):
    """Copies the saved Seoul twice: once with a name of 1.5 million characters (the import
    that accepted it is point 9's first half), once 40 levels deep."""
    db = sqlite3.connect(os.path.join(data.path, "tern.db"))
    try:
        parent, text = db.execute("SELECT parent, data FROM documents WHERE id = ?", (SEOUL,)).fetchone()
        big = json.loads(text)
        big.update(placeID="broken-big", placeName="n" * 1_500_000)
        deep = json.loads(text)
        deep.update(placeID="broken-deep", extra=json.loads("[" * 40 + "]" * 40))
        for place in (big, deep):
            db.execute("INSERT INTO documents (parent, id, data) VALUES (?, ?, ?)",
                       (parent, place["placeID"], json.dumps(place, separators=(",", ":"))))
        db.commit()
    finally:
        db.close()


def stored_ids(data):
    db = sqlite3.connect(os.path.join(data.path, "tern.db"))
    try:
        return {row[0] for row in db.execute("SELECT id FROM documents WHERE id LIKE 'broken-%'")}
    finally:
        db.close()


def test_an_unreadable_document_is_left_out_with_a_notice_and_can_be_removed():
    with DataDir() as data:
        assert register(data, "unreadable@example.com").returncode == 0
        ok(["favorites", "add", SEOUL], data)
        plant_unreadable(data)

        listed = ok(["favorites", "list", "--json"], data)
        assert [f["placeID"] for f in json.loads(listed.stdout)] == [SEOUL]
        assert "left out 2 documents" in listed.stderr and "cannot be read" in listed.stderr, listed.stderr
        assert len(listed.stderr.strip().splitlines()) == 1, listed.stderr

        plain = ok(["favorites", "list"], data)
        assert "Seoul" in plain.stdout and "nnnnnnnn" not in plain.stdout
        assert "left out 2 documents" in plain.stderr

        folders = ok(["favorites", "folders", "--json"], data)
        assert [f["name"] for f in json.loads(folders.stdout)] == ["Favorites"]

        exported = ok(["favorites", "export", "--format", "csv"], data)
        assert "Seoul" in exported.stdout and "nnnnnnnn" not in exported.stdout
        assert len(exported.stdout.strip().splitlines()) == 2, exported.stdout
        assert "left out 2 documents" in exported.stderr

        # The interface shows the readable place and says what it left out.
        ok(["profile", "set", "--display-name", "Reader", "--username", "reader"], data)
        ui = Tmux([], data, width=100, height=30)
        try:
            ui.wait_for("1 Places")
            screen = ui.wait_for("left out 2 documents")
            assert "Could not load" not in screen, screen
            ui.send("2")
            ui.wait_for("Favorites")
            ui.send("]")
            screen = ui.wait_for("Seoul, South Korea")
            assert "Could not load" not in screen, screen
        finally:
            ui.kill()

        for place in ("broken-big", "broken-deep"):
            removed = ok(["favorites", "remove", place], data)
            assert f"Removed {place} from your favorites." in removed.stdout, removed.stdout
        assert stored_ids(data) == set()
        again = ok(["favorites", "list", "--json"], data)
        assert [f["placeID"] for f in json.loads(again.stdout)] == [SEOUL] and again.stderr == ""
