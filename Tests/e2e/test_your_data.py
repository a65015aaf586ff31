"""Your data in and out (issue 27) and files nobody else can read (issue 26): the formats
people have, a link to open a place elsewhere, saved places found offline, and errors a
script can read."""
import json
import os
import stat

from tern import DataDir, run
from test_accounts import register
from test_online_places import KEY, FakeServer, configure, search

GPX = """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="OsmAnd" xmlns="http://www.topografix.com/GPX/1/1" xmlns:osmand="https://osmand.net">
  <wpt lat="37.5512" lon="126.9882"><name>N Seoul Tower</name>
    <extensions><osmand:address>105 Namsangongwon-gil</osmand:address></extensions></wpt>
  <wpt><name>Nowhere</name></wpt>
</gpx>
"""


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_first_run_that_only_searches_online_keeps_its_files_private():
    with DataDir() as data, FakeServer() as server:
        target = os.path.join(data.path, "fresh")
        env = {"TERN_DATA_DIR": target, "KAKAO_REST_API_KEY": KEY, "TERN_KAKAO_URL": server.url}
        result = run(["places", "search", "을지로", "--online", "--json"], data, env=env)
        assert result.returncode == 0, result.stderr
        assert os.path.exists(os.path.join(target, "places", "online-answers.json"))
        for root, directories, files in os.walk(target):
            assert mode(root) == 0o700, root
            for name in files:
                assert mode(os.path.join(root, name)) == 0o600, os.path.join(root, name)


def test_a_registration_refused_for_an_open_session_directory_creates_no_account():
    with DataDir() as data:
        os.makedirs(os.path.dirname(data.session), mode=0o755)
        os.chmod(os.path.dirname(data.session), 0o755)
        refused = register(data, "open@example.com")
        assert refused.returncode == 1 and "chmod" in refused.stderr, refused.stderr
        os.chmod(os.path.dirname(data.session), 0o700)
        again = register(data, "open@example.com")
        assert again.returncode == 0, again.stderr


def test_errors_are_json_on_stderr_with_json_and_a_typo_gets_a_suggestion():
    with DataDir() as data:
        typo = run(["places", "serch", "seoul"], data)
        assert typo.returncode == 2 and "did you mean places search?" in typo.stderr, typo.stderr
        failed = run(["favorites", "list", "--json"], data)
        assert failed.returncode == 1 and failed.stdout == ""
        error = json.loads(failed.stderr)["error"]
        assert set(error) == {"code", "message"} and error["code"] and error["message"], error
        usage = json.loads(run(["places", "serch", "--json"], data).stderr)["error"]
        assert usage["code"] == "usage" and "places search" in usage["message"]


def test_an_empty_password_says_enter_your_password():
    with DataDir() as data:
        result = register(data, "empty@example.com", password="")
        assert result.returncode == 1 and "Enter your password" in result.stderr, result.stderr


def test_gpx_imports_and_entries_without_coordinates_are_reported():
    with DataDir() as data:
        assert register(data, "gpx@example.com").returncode == 0
        path = os.path.join(data.path, "osmand.gpx")
        with open(path, "w") as file:
            file.write(GPX)
        result = run(["favorites", "import", path, "--json"], data)
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert report["added"] == 1 and report["withoutCoordinates"] == [5], report
        assert "1 entries without coordinates skipped (lines 5)" in result.stderr
        exported = os.path.join(data.path, "back.kml")
        assert run(["favorites", "export", exported], data).returncode == 0
        with open(exported) as file:
            assert "<Placemark>" in file.read()


def test_a_saved_kakao_place_is_found_offline_by_name_and_has_a_link():
    with DataDir() as data, FakeServer() as server:
        configure(data, server)
        assert register(data, "k@example.com").returncode == 0
        result, _ = search(data, "을지로", "--online")
        assert result.returncode == 0, result.stderr
        assert run(["favorites", "add", "kakao:8105891"], data).returncode == 0
        server.stop()
        os.remove(os.path.join(data.path, "config"))
        result, answer = search(data, "커피한약방", "--offline")
        assert result.returncode == 0, result.stderr
        assert [place["placeID"] for place in answer["documents"]] == ["kakao:8105891"], answer
        link = run(["places", "show", "kakao:8105891", "--url"], data)
        assert link.stdout == "http://place.map.kakao.com/8105891\n", link.stderr
        seoul = run(["places", "show", "1835848", "--url"], data)
        assert seoul.stdout.startswith("https://www.openstreetmap.org/?mlat=37.56"), seoul.stdout
