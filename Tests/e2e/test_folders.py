"""Favorites in folders through the command line: folders, memos, order, export, import."""
import csv
import io
import json
import os

from tern import DataDir, Tmux, run
from test_accounts import register

SEOUL, BUSAN, JEJU, INCHEON = "1835848", "1838524", "1846266", "1843564"


def ok(args, data, env=None):
    result = run(args, data, env=env)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


def listed(data, *args):
    return json.loads(ok(["favorites", "list", "--json", *args], data))


def test_walk_folder_memo_export_import_into_a_new_data_directory():
    with DataDir() as data, DataDir() as fresh:
        assert register(data, "walker@example.com").returncode == 0
        ok(["favorites", "folder", "create", "제주 여행", "--color", "orange"], data)
        ok(["favorites", "add", JEJU, "--folder", "제주 여행", "--memo", "일출 명소, 07:37\n\"성산\""], data)
        ok(["favorites", "add", BUSAN, "--folder", "제주 여행"], data)
        ok(["favorites", "add", SEOUL], data)
        folders = json.loads(ok(["favorites", "folders", "--json"], data))
        assert [(f["name"], f["count"], f["isDefault"]) for f in folders] == [("Favorites", 1, True), ("제주 여행", 2, False)]

        trip = listed(data, "--folder", "제주 여행")
        assert [f["placeID"] for f in trip] == [BUSAN, JEJU]
        assert set(trip[0]) >= {"placeID", "placeName", "address", "coordinate", "savedAt", "folders", "memo", "color"}
        assert trip[1]["memo"] == "일출 명소, 07:37\n\"성산\"" and trip[1]["folders"] == ["제주 여행"] and trip[1]["color"] is None

        exported = os.path.join(data.path, "trip.csv")
        ok(["favorites", "export", "--folder", "제주 여행", exported], data)
        with open(exported, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
        assert rows[0] == ["Name", "Address", "Latitude", "Longitude", "Description", "URL", "Category", "Road Address",
                           "Phone"]
        assert rows[2][0] == trip[1]["placeName"] and rows[2][4] == "일출 명소, 07:37\n\"성산\""
        assert rows[2][5] == "https://www.geonames.org/" + JEJU

        geo = json.loads(ok(["favorites", "export", "--folder", "제주 여행", "--format", "geojson"], data))
        assert geo["type"] == "FeatureCollection"
        point = geo["features"][1]
        where = trip[1]["coordinate"]
        assert point["geometry"]["type"] == "Point"
        assert point["geometry"]["coordinates"] == [where["longitude"], where["latitude"]]
        assert point["properties"]["Name"] == trip[1]["placeName"]
        assert point["properties"]["Description"].startswith("일출 명소")

        assert register(fresh, "walker@example.com").returncode == 0
        result = run(["favorites", "import", exported, "--folder", "제주 여행"], fresh)
        assert result.returncode == 0, result.stderr
        assert "2 added, 0 matched, 0 skipped" in result.stdout
        again = json.loads(ok(["favorites", "import", exported, "--folder", "제주 여행", "--json"], fresh))
        assert again == {"added": 0, "matched": 0, "skipped": 2, "createdFolders": [], "withoutCoordinates": []}
        copied = listed(fresh, "--folder", "제주 여행")
        assert [(f["placeID"], f["memo"]) for f in copied] == [(f["placeID"], f["memo"]) for f in trip]
        assert "제주 여행  2 places" in ok(["favorites", "folders"], fresh)

        # The interface of the new data directory shows the same folder, its places and memo.
        ok(["profile", "set", "--display-name", "Walker", "--username", "walker"], fresh)
        ui = Tmux([], fresh, width=100, height=30)
        try:
            ui.wait_for("1 Places")
            ui.send("2")
            ui.wait_for("제주 여행")
            ui.send("]")
            screen = ui.wait_for("일출 명소, 07:37")
            assert "Favorites · 제주 여행 (2) · newest first" in screen, screen
        finally:
            ui.kill()


def test_json_export_carries_folders_and_a_bad_row_imports_nothing():
    with DataDir() as data, DataDir() as fresh:
        assert register(data, "json@example.com").returncode == 0
        ok(["favorites", "folder", "create", "Shared walk", "--visibility", "shared", "--color", "green"], data)
        ok(["favorites", "add", SEOUL, "--folder", "shared walk", "--memo", "시청"], data)
        backup = os.path.join(data.path, "all.json")
        ok(["favorites", "export", backup], data)
        assert register(fresh, "json@example.com").returncode == 0
        report = json.loads(ok(["favorites", "import", backup, "--json"], fresh))
        assert report["added"] == 1 and report["createdFolders"] == ["Shared walk"]
        folders = json.loads(ok(["favorites", "folders", "--json"], fresh))
        assert [(f["name"], f["visibility"], f["color"]) for f in folders][1] == ("Shared walk", "shared", "green")

        bad = os.path.join(data.path, "bad.csv")
        with open(bad, "w", encoding="utf-8") as handle:
            handle.write("Name,Address,Latitude,Longitude,Description,URL\nA,,37.5,127,,\nB,,91,127,,\n")
        result = run(["favorites", "import", bad], fresh)
        assert result.returncode == 1
        assert "line 3" in result.stderr and len(result.stderr.strip().splitlines()) == 1
        assert len(listed(fresh)) == 1


def test_memo_order_sorting_and_folder_delete():
    with DataDir() as data:
        assert register(data, "order@example.com").returncode == 0
        for place in (SEOUL, JEJU, BUSAN, INCHEON):
            ok(["favorites", "add", place], data)
        before = [f["placeID"] for f in listed(data)]
        assert before == [INCHEON, BUSAN, JEJU, SEOUL]
        ok(["favorites", "memo", SEOUL, "시청 앞"], data)
        assert [f["placeID"] for f in listed(data)] == before, "a memo does not reorder"
        walk = os.path.join(data.path, "walk.csv")
        with open(walk, "w", encoding="utf-8") as handle:
            handle.write("Name,Address,Latitude,Longitude,Description,URL\n하늘공원,,37.57,126.88,,\n"
                         "Apple Store,,37.52,127.02,,\n가로수길,,37.52,127.02,,\n나무,,37.5,127.1,,\n")
        ok(["favorites", "import", walk, "--folder", "산책"], data)
        names = [f["placeName"] for f in listed(data, "--folder", "산책", "--sort", "name")]
        assert names == ["가로수길", "나무", "하늘공원", "Apple Store"]
        ok(["favorites", "folder", "set", "Favorites", "--sort", "distance"], data)
        assert [f["placeID"] for f in listed(data, "--folder", "Favorites")][0] == SEOUL
        ok(["favorites", "folder", "create", "Gone"], data)
        ok(["favorites", "copy", BUSAN, "--to", "gone"], data)
        ok(["favorites", "move", JEJU, "--from", "Favorites", "--to", "Gone"], data)
        assert "1 place moved" in ok(["favorites", "folder", "delete", "Gone"], data)
        assert sorted(f["placeID"] for f in listed(data, "--folder", "Favorites")) == sorted(before)
        assert "Favorites" in listed(data, "--folder", "Favorites")[0]["folders"]
        assert run(["favorites", "folder", "delete", "Favorites"], data).returncode == 1
        assert run(["favorites", "folder", "create", "x" * 31], data).returncode == 1
        assert run(["favorites", "list", "--sort", "sideways"], data).returncode == 2


def test_someone_elses_shared_folders_only():
    with DataDir() as data:
        owner = os.path.join(data.path, "owner.session")
        reader = os.path.join(data.path, "reader.session")
        assert register(data, "owner@example.com", session=owner).returncode == 0
        assert register(data, "reader@example.com", session=reader).returncode == 0
        as_owner, as_reader = {"TERN_SESSION": owner}, {"TERN_SESSION": reader}
        assert run(["profile", "set", "--display-name", "Owner", "--username", "owner_k"], data, env=as_owner).returncode == 0
        assert run(["favorites", "folder", "create", "Open", "--visibility", "shared"], data, env=as_owner).returncode == 0
        assert run(["favorites", "add", JEJU, "--folder", "Open"], data, env=as_owner).returncode == 0
        assert run(["favorites", "add", SEOUL], data, env=as_owner).returncode == 0
        result = run(["favorites", "list", "--user", "@owner_k", "--json"], data, env=as_reader)
        assert result.returncode == 0, result.stderr
        assert [(f["placeID"], f["folders"]) for f in json.loads(result.stdout)] == [(JEJU, ["Open"])]
        assert run(["favorites", "list", "--user", "@nobody_here"], data, env=as_reader).returncode == 1
