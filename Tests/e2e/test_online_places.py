"""Kakao Local and Nominatim beside the catalog, against the fake servers on 127.0.0.1."""
import json
import os
import signal
import subprocess
import sys
import time

from tern import DataDir, Tmux, run
from test_accounts import register

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "..", "fakeplaces", "fake_places_server.py")
KEY = "test-kakao-key"


class FakeServer:
    """The fake providers; failing to start fails the test (never a silent skip)."""

    def __init__(self, *extra):
        self.process = subprocess.Popen([sys.executable, FAKE, "--port", "0", "--kakao-key", KEY, *extra],
                                        stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("PORT "):
            self.stop()
            raise AssertionError("the fake places server did not start: %r" % line)
        self.url = "http://127.0.0.1:%d" % int(line.split()[1])

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def configure(data, server, key=KEY, nominatim=True):
    with open(os.path.join(data.path, "config"), "w") as config:
        config.write("kakao_key = %s\nkakao_url = %s\n" % (key, server.url))
        if nominatim:
            config.write("nominatim = on\nnominatim_url = %s\n" % server.url)


def search(data, *args):
    result = run(["places", "search", *args, "--json"], data)
    return result, (json.loads(result.stdout) if result.stdout else None)


def test_merged_results_carry_their_source():
    with DataDir() as data, FakeServer() as server:
        configure(data, server)
        result, answer = search(data, "을지로")
        assert result.returncode == 0, result.stderr
        sources = [place["source"] for place in answer["documents"]]
        assert sources == ["kakao"] * 3 + ["osm"], sources
        cafe = answer["documents"][0]
        assert cafe["placeID"] == "kakao:8105891" and cafe["placeName"] == "을지로 커피한약방"
        assert cafe["category"] == "음식점 > 카페" and cafe["phone"] is None
        assert cafe["roadAddress"] == "서울 중구 삼일대로12길 16-6"
        assert cafe["url"] == "http://place.map.kakao.com/8105891"
        assert answer["documents"][3]["placeID"] == "osm:N4444"
        result, seoul = search(data, "Seoul", "--limit", "1")
        assert seoul["documents"][0]["source"] == "catalog" and seoul["documents"][0]["url"] is None
        result, offline = search(data, "을지로", "--offline")
        assert all(place["source"] == "catalog" for place in offline["documents"])


def test_category_search_around_a_point():
    with DataDir() as data, FakeServer() as server:
        configure(data, server, nominatim=False)
        result, answer = search(data, "", "--category", "지하철역", "--near", "37.4979,127.0276")
        assert result.returncode == 0, result.stderr
        assert [place["placeName"] for place in answer["documents"]] == ["강남역 2호선"]
        assert answer["documents"][0]["distance"] is not None
        bad = run(["places", "search", "", "--category", "spaceport"], data)
        assert bad.returncode == 2 and "category" in bad.stderr


def test_saved_kakao_place_works_with_the_server_gone():
    with DataDir() as data, FakeServer() as server:
        configure(data, server)
        assert register(data, "k@example.com").returncode == 0
        result, answer = search(data, "을지로", "--online")
        assert result.returncode == 0, result.stderr
        added = run(["favorites", "add", "kakao:8105891"], data)
        assert added.returncode == 0, added.stderr
        server.stop()
        shown = run(["places", "show", "kakao:8105891", "--json"], data)
        assert shown.returncode == 0, shown.stderr
        place = json.loads(shown.stdout)
        assert place["isFavorite"] and place["roadAddress"] == "서울 중구 삼일대로12길 16-6"
        assert place["source"] == "kakao" and place["url"] == "http://place.map.kakao.com/8105891"
        listed = json.loads(run(["favorites", "list", "--json"], data).stdout)
        assert [favorite["placeID"] for favorite in listed] == ["kakao:8105891"]
        text = run(["places", "show", "kakao:8105891"], data).stdout
        assert "road        서울 중구 삼일대로12길 16-6" in text
        link = run(["places", "show", "kakao:8105891", "--url"], data)
        assert link.returncode == 0 and link.stdout == "http://place.map.kakao.com/8105891\n", link
        # The catalog still answers and one line says which provider failed (exit 0).
        offline = run(["places", "search", "Seoul"], data)
        assert offline.returncode == 0
        lines = offline.stderr.strip().splitlines()
        assert any(line.startswith("tern: Kakao") and "127.0.0.1" in line for line in lines), offline.stderr
        assert "Seoul" in offline.stdout


def test_wrong_key_is_one_line_naming_the_provider_and_the_fix():
    with DataDir() as data, FakeServer() as server:
        configure(data, server, key="wrong-secret-key", nominatim=False)
        merged = run(["places", "search", "Seoul"], data)
        assert merged.returncode == 0 and "Seoul" in merged.stdout
        assert len(merged.stderr.strip().splitlines()) == 1
        online = run(["places", "search", "을지로", "--online"], data)
        assert online.returncode == 1
        line = online.stderr.strip()
        assert "\n" not in line and "Kakao" in line and "KAKAO_REST_API_KEY" in line
        assert "wrong-secret-key" not in online.stderr + online.stdout + merged.stderr


def test_no_provider_means_offline_as_before():
    with DataDir() as data:
        result = run(["places", "search", "Seoul", "--json"], data)
        assert result.returncode == 0 and result.stderr == ""
        online = run(["places", "search", "Seoul", "--online"], data)
        assert online.returncode == 1 and "kakao_key" in online.stderr


def open_interface(data):
    ui = Tmux([], data, width=120, height=30)
    ui.wait_for("1 Places")
    return ui


def test_interface_keeps_answering_keys_while_kakao_is_slow_and_a_saved_place_outlives_the_server():
    with DataDir() as data, FakeServer("--delay-ms", "2000") as server:
        configure(data, server, nominatim=False)
        assert register(data, "ui@example.com").returncode == 0
        run(["profile", "set", "--display-name", "UI", "--username", "uiperson"], data)
        ui = open_interface(data)
        try:
            ui.wait_for("K Kakao")
            ui.send("/")
            ui.type("을지로")
            ui.wait_for("searching Kakao")
            # The request is out for two seconds; tabs still switch at once.
            started = time.monotonic()
            ui.send("Tab")
            ui.wait_for("Favorites ·", timeout=1.0)
            ui.send("1")
            ui.wait_for("Search 을지로", timeout=1.0)
            assert time.monotonic() - started < 1.5
            ui.wait_for("K 을지로 커피한약방")
            # The frame may be caught half drawn: wait for the detail pane too.
            ui.wait_for("Road address 서울 중구 삼일대로12길 16-6")
            ui.send("Enter")
            ui.send("s")
            ui.wait_for("★ K 을지로 커피한약방")
            ui.send("q")
        finally:
            ui.kill()
        server.stop()
        listed = json.loads(run(["favorites", "list", "--json"], data).stdout)
        assert "kakao:8105891" in [favorite["placeID"] for favorite in listed], listed
        shown = json.loads(run(["places", "show", "kakao:8105891", "--json"], data).stdout)
        assert shown["isFavorite"] and shown["roadAddress"] == "서울 중구 삼일대로12길 16-6", shown
        assert shown["url"] == "http://place.map.kakao.com/8105891" and shown["category"] == "음식점 > 카페", shown
        ui = open_interface(data)
        try:
            ui.send("2")
            ui.wait_for("을지로 커피한약방")
        finally:
            ui.kill()


def test_provider_failures_are_told_in_korean():
    with DataDir() as data, FakeServer() as server:
        configure(data, server, key="wrong-secret-key", nominatim=False)
        online = run(["places", "search", "을지로", "--online"], data, env={"TERN_LANG": "ko"})
        assert online.returncode == 1
        line = online.stderr.strip()
        assert line.startswith("tern: Kakao이(가) REST API 키를 거절했습니다"), line
        assert "KAKAO_REST_API_KEY" in line and "wrong-secret-key" not in line
