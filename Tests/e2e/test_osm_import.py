"""`tern places import` of OpenStreetMap extracts: PBF made by osmium itself, categories offline, Ctrl-C."""
import json
import os
import pty
import signal
import subprocess
import time

from tern import BIN, DataDir, run

# An import builds the search image of the imported places only (never the shipped catalog's):
# seconds in a debug build on a loaded machine; the bound is over five times that.
IMPORT_TIMEOUT = 120

EXTRACT = """<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="tern e2e">
 <node id="1" lat="37.5636" lon="126.9827" version="1">
  <tag k="name" v="명동 별다방"/><tag k="name:en" v="Myeongdong Star Cafe"/><tag k="amenity" v="cafe"/>
  <tag k="addr:city" v="서울특별시"/><tag k="addr:district" v="중구"/>
 </node>
 <node id="2" lat="37.4979" lon="127.0276" version="1">
  <tag k="name" v="강남"/><tag k="railway" v="station"/><tag k="station" v="subway"/>
 </node>
 <node id="3" lat="37.51" lon="127.02" version="1"><tag k="name" v="강남대로"/><tag k="highway" v="bus_stop"/></node>
</osm>
"""


def write_pbf(data, name, xml):
    source = os.path.join(data.path, name + ".osm")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(xml)
    target = os.path.join(data.path, name + ".osm.pbf")
    subprocess.run(["osmium", "cat", source, "-o", target, "--overwrite"], check=True)
    return target


def search(data, *args):
    result = run(["--json", "places", "search", *args], data)
    assert result.returncode == 0, result
    return json.loads(result.stdout)


def test_an_extract_makes_gangnam_and_cafes_findable_offline():
    with DataDir() as data:
        result = run(["places", "import", write_pbf(data, "seoul", EXTRACT)], data, timeout=IMPORT_TIMEOUT)
        assert result.returncode == 0 and "2 new" in result.stdout, result
        found = search(data, "강남", "--offline", "--limit", "5")["documents"]
        assert found[0]["placeID"] == "osm:N2" and found[0]["source"] == "osm", found
        cafes = search(data, "", "--category", "카페", "--offline", "--near", "37.56,126.98")["documents"]
        assert [(c["placeName"], c["category"]) for c in cafes] == [("명동 별다방", "카페")], cafes
        assert cafes[0]["address"] == "서울특별시 중구"
        shown = run(["places", "show", "osm:N1"], data)
        assert shown.returncode == 0 and "Myeongdong Star Cafe" in shown.stdout and "카페" in shown.stdout, shown


def test_a_truncated_extract_is_refused_and_ctrl_c_leaves_the_catalog_as_it_was():
    with DataDir() as data:
        assert run(["places", "import", write_pbf(data, "seoul", EXTRACT)], data, timeout=IMPORT_TIMEOUT).returncode == 0
        imports = os.path.join(data.path, "places", "imports", "places.tsv")
        before = open(imports, encoding="utf-8").read()
        whole = open(os.path.join(data.path, "seoul.osm.pbf"), "rb").read()
        cut = os.path.join(data.path, "cut.osm.pbf")
        with open(cut, "wb") as handle:
            handle.write(whole[:-30])
        refused = run(["places", "import", cut], data, timeout=IMPORT_TIMEOUT)
        assert refused.returncode == 1 and "osmium could not read the extract" in refused.stderr, refused
        assert "nothing was imported" in refused.stderr

        nodes = "".join(f'<node id="{100 + n}" lat="37.{n:06d}" lon="127.0" version="1"><tag k="name" v="카페 {n}"/>'
                        f'<tag k="amenity" v="cafe"/></node>\n' for n in range(300_000))
        big = write_pbf(data, "big", '<?xml version="1.0"?>\n<osm version="0.6">\n' + nodes + "</osm>\n")
        process = subprocess.Popen([BIN, "places", "import", big], env=data.env(), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=True)
        # Ctrl-C once osmium is reading the extract (the import's child), as a person would press it.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            # osmium is the import's child, in its process group or in one of its own.
            children = subprocess.run(["pgrep", "-P", str(process.pid), "osmium"], capture_output=True, text=True)
            if children.stdout.strip():
                break
            time.sleep(0.01)
        assert children.stdout.strip(), "osmium never ran"
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=IMPORT_TIMEOUT)
        assert process.returncode == 1
        lines = err.decode().strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(f"{big}: interrupted; nothing was imported"), err
        assert open(imports, encoding="utf-8").read() == before
        assert os.listdir(os.path.dirname(imports)) == ["places.tsv"]
        assert search(data, "카페 12345", "--offline")["meta"]["totalCount"] == 0


def test_a_terminal_sees_a_bar_with_time_left_and_a_pipe_one_summary_line():
    with DataDir() as data:
        rows = os.path.join(data.path, "cafes.csv")
        with open(rows, "w", encoding="utf-8") as handle:
            handle.write("name,latitude,longitude\n")
            handle.writelines(f"Cafe {n},37.{n:05d},127.0\n" for n in range(40_000))
        # Standard error on a terminal: the bar, the places, their rate and the time left.
        leader, follower = pty.openpty()
        process = subprocess.Popen([BIN, "places", "import", rows], env=data.env(), stdout=subprocess.PIPE,
                                   stderr=follower, text=True)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        out, _ = process.communicate(timeout=IMPORT_TIMEOUT)
        os.close(leader)
        assert process.returncode == 0, out
        text = shown.decode("utf-8", "replace")
        assert "[####" in text and "places," in text and "left" in text, text
        assert "building the search image" in text, text
        # Elsewhere nothing on standard error, and one summary line with the time and rate.
        again = run(["places", "import", rows], data, timeout=IMPORT_TIMEOUT)
        assert again.returncode == 0 and again.stderr == "", again
        lines = again.stdout.strip().split("\n")
        assert len(lines) == 1 and "40000 already imported" in lines[0] and "places a second" in lines[0], lines
