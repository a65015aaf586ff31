"""Raw controls never reach a terminal or a JSON reader: `--json` escapes them, text output
and error messages drop them, and imports refuse them (one filter decides for all)."""
import json
import os

from tern import DataDir, run
from test_accounts import register

# What a terminal would act on: ESC, BEL, C1 (NEL, 8-bit CSI), line/paragraph separators,
# bidirectional overrides and isolates.
RAW = ["\x1b", "\x07", "\u0085", "\u009b", "\u2028", "\u2029", "\u202e", "\u2066", "\u200e", "\u061c"]
HEADER = "#tern-places\t1\tid\tname\tkoreanName\tcountry\tregion\tlatitude\tlongitude\tpopulation\ttimeZone\talternateNames\taddress\n"


def plant_places(data, rows):
    """Writes places straight into the imports file, as a damaged or foreign file would hold
    them (the importer itself refuses such names)."""
    folder = os.path.join(data.path, "places", "imports")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "places.tsv"), "w", encoding="utf-8") as file:
        file.write(HEADER)
        for place_id, name in rows:
            file.write(f"{place_id}\t{name}\t\tSouth Korea\t\t37.5\t127.0\t100\tAsia/Seoul\t\n")


def assert_no_raw(text):
    found = [hex(ord(c)) for c in text if c in RAW]
    assert not found, (found, text)


EVIL = "Zzevil\u0085\u009b2J\u202eevil\u2066x"
SEPARATED = "Zzline\u2028para\u2029end"


def test_json_escapes_every_control_and_keeps_the_value():
    with DataDir() as data:
        plant_places(data, [("990001", EVIL)])
        result = run(["--json", "places", "search", "zzevil"], data)
        assert result.returncode == 0, result
        assert_no_raw(result.stdout)
        for escape in ("\\u0085", "\\u009b", "\\u202e", "\\u2066"):
            assert escape in result.stdout, result.stdout
        assert json.loads(result.stdout)["documents"][0]["placeName"] == EVIL


def test_show_search_and_favorites_print_no_separators_or_controls():
    with DataDir() as data:
        plant_places(data, [("990001", EVIL), ("990002", SEPARATED)])
        for args in (["places", "show", "990002"], ["places", "show", "990001"], ["places", "search", "zz"]):
            result = run(args, data)
            assert result.returncode == 0, result
            assert_no_raw(result.stdout)
            assert "Zzline para end" in result.stdout or "Zzevil" in result.stdout
        assert register(data, "hostile@example.com").returncode == 0
        assert run(["favorites", "add", "990002"], data).returncode == 0
        listed = run(["favorites", "list"], data)
        assert listed.returncode == 0, listed
        assert_no_raw(listed.stdout)
        assert "Zzline para end" in listed.stdout


def test_error_messages_do_not_echo_escape_sequences():
    with DataDir() as data:
        for args in (["\x1b]0;pwned\x07"], ["places", "search", "x", "--limit", "\x1b[2J5"],
                     ["places", "search", "--\x1b[31mcolour"], ["places", "show", "\u202eevil\x1b[2J"]):
            result = run(args, data)
            assert result.returncode in (1, 2), result
            assert_no_raw(result.stderr)
            assert_no_raw(result.stdout)
        with open(os.path.join(data.path, "config"), "w") as config:
            config.write("\x1b[31mhome\u202e = 1,2\n")
        result = run(["feed"], data)
        assert result.returncode != 0, result
        assert "config" in result.stderr, result.stderr
        assert_no_raw(result.stderr)


def test_import_refuses_controls_in_any_column():
    row = ["1835848", "Seoul", "Seoul", "", "37.566", "126.9784", "P", "PPLC", "K\x1b[2J", "", "11",
           "", "", "", "10349312", "", "38", "Asia/Seoul", "2024-01-01"]
    with DataDir() as data:
        for content, line in (("\t".join(row) + "\n", 1),
                              ("name,latitude,longitude\nA\u2028B,1,2\n", 2),
                              ("name,latitude,longitude\nA\u200fB,1,2\n", 2)):
            path = os.path.join(data.path, "hostile.txt")
            with open(path, "w", encoding="utf-8") as file:
                file.write(content)
            result = run(["places", "import", path], data)
            assert result.returncode == 1, result
            assert f"line {line}" in result.stderr, result.stderr
            assert_no_raw(result.stderr)
        assert run(["places", "show", "1835848"], data).stdout.count("K") == 1
