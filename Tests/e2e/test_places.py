"""`tern places`: search the shipped catalog, show a place, import files."""
import json
import os
import shutil
import subprocess

from tern import BIN, DataDir, run

SEOUL = "1835848"
SUWON = "1835553"
BUSAN = "1838524"
PLACE_KEYS = {"placeID", "placeName", "koreanName", "address", "coordinate", "population",
              "isFavorite", "distance", "source", "category", "phone", "roadAddress", "url"}


def search(data, *args):
    result = run(["--json", "places", "search", *args], data)
    assert result.returncode == 0, result
    return json.loads(result.stdout)


def ids(answer):
    return [document["placeID"] for document in answer["documents"]]


def test_search_finds_seoul_by_latin_hangul_accents_and_typing_states():
    with DataDir() as data:
        for query in ("seoul", "SEOUL", "서울", "seúl", "서우", "서ㅇ", "성", "서", "seo"):
            answer = search(data, query, "--limit", "5")
            assert ids(answer)[:1] == [SEOUL], (query, answer)


def test_search_by_initials_finds_seoul_and_suwon():
    with DataDir() as data:
        found = ids(search(data, "ㅅㅇ", "--limit", "100"))
        assert SEOUL in found and SUWON in found, found
        assert found.index(SEOUL) < found.index(SUWON)


def test_search_busan_and_new_york():
    with DataDir() as data:
        busan = search(data, "부산")["documents"][0]
        assert busan["placeID"] == BUSAN and busan["placeName"] == "Busan"
        new_york = search(data, "new", "york")["documents"][0]
        assert new_york["placeName"] == "New York City", new_york
        assert new_york["address"] == "New York, United States"


def test_empty_query_lists_the_most_populous():
    with DataDir() as data:
        answer = search(data, "", "--limit", "3")
        populations = [document["population"] for document in answer["documents"]]
        assert len(populations) == 3 and populations == sorted(populations, reverse=True)
        assert answer["meta"]["totalCount"] > 30000 and answer["meta"]["isEnd"] is False


def test_json_shape_and_text_output():
    with DataDir() as data:
        answer = search(data, "서울", "--limit", "1")
        assert set(answer) == {"meta", "documents"}
        assert set(answer["meta"]) == {"totalCount", "isEnd"}
        document = answer["documents"][0]
        assert set(document) == PLACE_KEYS
        assert document["koreanName"] == "서울"
        assert document["address"] == "Seoul, South Korea"
        assert isinstance(document["coordinate"]["latitude"], (int, float))
        assert abs(document["coordinate"]["longitude"] - 126.9784) < 1e-6
        assert document["isFavorite"] is False and document["distance"] is None
        text = run(["places", "search", "seoul"], data)
        assert text.returncode == 0 and "Seoul (서울)" in text.stdout and SEOUL in text.stdout


def test_near_orders_by_distance_and_fills_it():
    with DataDir() as data:
        answer = search(data, "ㅅㅇ", "--near", "35.1,129.0", "--limit", "50")
        distances = [document["distance"] for document in answer["documents"]]
        assert all(isinstance(value, (int, float)) for value in distances)
        assert distances == sorted(distances)
        seoul = next(d for d in answer["documents"] if d["placeID"] == SEOUL)
        assert 320_000 < seoul["distance"] < 335_000


def test_bad_limit_and_near_are_usage_errors():
    with DataDir() as data:
        for args in (["--limit", "0"], ["--limit", "many"], ["--near", "37.5"], ["--near", "91,0"],
                     ["--near", "a,b"]):
            result = run(["places", "search", "seoul", *args], data)
            assert result.returncode == 2, (args, result)


def test_show_prints_one_place_and_rejects_unknown_ids():
    with DataDir() as data:
        result = run(["--json", "places", "show", SEOUL], data)
        assert result.returncode == 0, result
        document = json.loads(result.stdout)
        # `places show` adds the place's posts and its savers among the people you follow.
        assert set(document) == PLACE_KEYS | {"posts", "savedByFollowing"} and document["placeName"] == "Seoul"
        assert run(["places", "show", SEOUL], data).stdout.startswith("Seoul (서울)")
        link = run(["places", "show", SEOUL, "--url"], data).stdout
        assert link == "https://www.openstreetmap.org/?mlat=37.566&mlon=126.9784#map=17/37.566/126.9784\n"
        missing = run(["places", "show", "no-such-place"], data)
        assert missing.returncode == 1
        assert len(missing.stderr.strip().splitlines()) == 1 and "no-such-place" in missing.stderr


GEONAMES_ROWS = "\n".join("\t".join(row) for row in [
    ["99000001", "Ternville", "Ternville", "Tern Town,턴빌", "48.5", "8.25", "P", "PPL", "DE", "", "01", "",
     "", "", "1234", "", "300", "Europe/Berlin", "2024-01-01"],
    ["99000002", "Little Tern", "Little Tern", "", "-12.5", "130.9", "P", "PPL", "AU", "", "03", "", "", "",
     "0", "", "10", "Australia/Darwin", "2024-01-01"],
]) + "\n"


def write(data, name, text):
    path = os.path.join(data.path, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


def test_import_csv_and_geonames_then_search_them():
    with DataDir() as data:
        csv_file = write(data, "mine.csv", "name,latitude,longitude,address\nCorner Café,37.55,126.92,\"Mapo-gu, Seoul\"\n")
        result = run(["places", "import", csv_file], data)
        assert result.returncode == 0, result
        cafe = search(data, "corner cafe")["documents"]
        assert len(cafe) == 1 and cafe[0]["address"] == "Mapo-gu, Seoul" and cafe[0]["placeID"].startswith("csv-")
        geo_file = write(data, "cities.txt", GEONAMES_ROWS)
        assert run(["places", "import", geo_file], data).returncode == 0
        tern = search(data, "턴빌")["documents"]
        assert tern[0]["placeID"] == "99000001", tern
        assert tern[0]["address"].endswith("Germany")
        assert search(data, "little tern")["documents"][0]["placeID"] == "99000002"
        shown = json.loads(run(["--json", "places", "show", cafe[0]["placeID"]], data).stdout)
        assert shown["placeName"] == "Corner Café"


def test_reimport_does_not_duplicate():
    with DataDir() as data:
        geo_file = write(data, "cities.txt", GEONAMES_ROWS)
        csv_file = write(data, "mine.csv", "name,latitude,longitude\nRepeat Place,1,2\n")
        for _ in range(2):
            assert run(["places", "import", geo_file], data).returncode == 0
            assert run(["places", "import", csv_file], data).returncode == 0
        assert search(data, "ternville")["meta"]["totalCount"] == 1
        assert search(data, "repeat place")["meta"]["totalCount"] == 1


def test_bad_file_is_rejected_whole_and_earlier_imports_stay():
    with DataDir() as data:
        good = write(data, "good.csv", "name,latitude,longitude\nKeeper,10,20\n")
        assert run(["places", "import", good], data).returncode == 0
        imports = os.path.join(data.path, "places", "imports", "places.tsv")
        before = open(imports, encoding="utf-8").read()
        cases = {
            "latitude.csv": ("name,latitude,longitude\nQwfine,1,2\nBroken,95,2\n", "line 3"),
            "number.csv": ("name,latitude,longitude\nBad,abc,2\n", "line 2"),
            "columns.csv": ("name,latitude,longitude\nQwfine,1,2\nQwfine2,1,2\nShort,1\n", "line 4"),
            "escape.csv": ("name,latitude,longitude\n\x1b[31mEvil,1,2\n", "line 2"),
            "geo.txt": (GEONAMES_ROWS + GEONAMES_ROWS.replace("48.5", "north"), "line 3"),
        }
        for name, (text, where) in cases.items():
            result = run(["places", "import", write(data, name, text)], data)
            assert result.returncode == 1, (name, result)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and where in lines[0], (name, result.stderr)
            assert "\x1b" not in result.stderr
        binary = os.path.join(data.path, "utf8.csv")
        with open(binary, "wb") as handle:
            handle.write(b"name,latitude,longitude\nOk,1,2\nBad\xff\xfe,1,2\n")
        result = run(["places", "import", binary], data)
        assert result.returncode == 1 and "line 3" in result.stderr, result
        assert open(imports, encoding="utf-8").read() == before
        assert search(data, "qwfine")["meta"]["totalCount"] == 0
        assert search(data, "keeper")["meta"]["totalCount"] == 1


def test_the_catalog_image_is_rebuilt_when_damaged_or_stale():
    with DataDir() as data:
        shipped = os.path.join(data.path, "places", "cache", "catalog.bin")
        image = os.path.join(data.path, "places", "cache", "imports.bin")
        search(data, "seoul", "--limit", "5")
        # Without imports the prepared image is read where it is installed: nothing is written.
        assert not os.path.exists(shipped) and not os.path.exists(image)
        # An import gets an image of its own; the shipped one is still read where it is installed.
        geo_file = write(data, "cities.txt", GEONAMES_ROWS)
        assert run(["places", "import", geo_file], data).returncode == 0
        assert os.path.exists(image) and not os.path.exists(shipped)
        first = search(data, "seoul", "--limit", "5")
        size = os.path.getsize(image)
        with open(image, "r+b") as handle:  # one flipped byte in the middle
            handle.seek(size // 2)
            byte = handle.read(1)
            handle.seek(size // 2)
            handle.write(bytes([byte[0] ^ 0x20]))
        assert search(data, "seoul", "--limit", "5") == first
        with open(image, "r+b") as handle:  # truncated
            handle.truncate(size // 3)
        assert search(data, "seoul", "--limit", "5") == first
        assert os.path.getsize(image) == size
        assert search(data, "little tern")["documents"][0]["placeID"] == "99000002"
        os.remove(os.path.join(data.path, "places", "imports", "places.tsv"))
        assert search(data, "little tern")["meta"]["totalCount"] == 0


def geonames_rows(first_id, count, word):
    """`count` GeoNames rows with ids from `first_id`, named `word` and a number."""
    return "".join("\t".join([str(first_id + n), f"{word} {n}", f"{word} {n}", "", "10.5", "20.5", "P", "PPL", "DE", "",
                              "01", "", "", "", "5", "", "1", "Europe/Berlin", "2024-01-01"]) + "\n"
                   for n in range(count))


def test_two_imports_at_once_both_keep_their_places():
    with DataDir() as data:
        files = [write(data, "a.txt", geonames_rows(80_000_000, 20_000, "Alphaplace")),
                 write(data, "b.txt", geonames_rows(81_000_000, 20_000, "Betaplace"))]
        processes = [subprocess.Popen([BIN, "places", "import", path], env=data.env(), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for path in files]
        for process in processes:
            out, err = process.communicate(timeout=120)
            assert process.returncode == 0, (out, err)
        assert search(data, "alphaplace")["meta"]["totalCount"] == 20_000
        assert search(data, "betaplace")["meta"]["totalCount"] == 20_000


def test_a_copied_binary_reuses_the_catalog_image():
    with DataDir() as data:
        image = os.path.join(data.path, "places", "cache", "imports.bin")
        assert run(["places", "import", write(data, "cities.txt", GEONAMES_ROWS)], data).returncode == 0
        first = search(data, "seoul", "--limit", "5")
        before = os.stat(image)
        copy = os.path.join(data.path, "bin", "tern")
        os.makedirs(os.path.dirname(copy))
        shutil.copy2(shutil.which(BIN) or BIN, copy)
        resources = os.path.join(os.path.dirname(__file__), "..", "..", "Resources")
        result = subprocess.run([copy, "--json", "places", "search", "seoul", "--limit", "5"], capture_output=True,
                                text=True, env=data.env(TERN_RESOURCES=os.path.abspath(resources)))
        assert result.returncode == 0 and json.loads(result.stdout) == first, result
        after = os.stat(image)
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_spaces_are_optional_and_the_matched_name_is_shown():
    with DataDir() as data:
        assert search(data, "newyork")["documents"][0]["placeName"] == "New York City"
        assert search(data, "선전시")["documents"][0]["placeName"] == "Shenzhen"
        result = run(["places", "search", "segela", "--limit", "1"], data)
        assert "Séguéla" in result.stdout and "“Segela”" in result.stdout, result.stdout


def test_the_first_alternate_is_shown_when_it_matched_and_there_is_no_korean_name():
    with DataDir() as data:
        folder = os.path.join(data.path, "places", "imports")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "places.tsv"), "w", encoding="utf-8") as file:
            file.write("#tern-places\t1\tid\tname\tkoreanName\tcountry\tregion\tlatitude\tlongitude"
                       "\tpopulation\ttimeZone\talternateNames\taddress\n")
            file.write("990101\tQuartzville\t\tFrance\t\t45.0\t5.0\t100\tEurope/Paris\tZorbaplex|Other\t\n")
            file.write("990102\tWexhamton\t웩스햄턴\tFrance\t\t45.0\t5.0\t90\tEurope/Paris\tZorbaplexa\t\n")
        result = run(["places", "search", "zorbaplex"], data)
        lines = result.stdout.splitlines()
        assert any("Quartzville" in line and "“Zorbaplex”" in line for line in lines), result.stdout
        assert any("Wexhamton" in line and "“Zorbaplexa”" in line for line in lines), result.stdout
        # The name itself matching shows no quoted name.
        own = run(["places", "search", "quartzville"], data)
        assert "Quartzville" in own.stdout and "“" not in own.stdout, own.stdout
