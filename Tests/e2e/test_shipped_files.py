"""The shipped resources are checked against Resources/MANIFEST.sha256 (recorded when Tern
is built or installed) before Tern builds anything from them: a changed or truncated file
is refused with one line naming it, and `tern doctor` reports it."""
import json
import os
import shutil

from tern import DataDir, run

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def copied_resources(data):
    copy = os.path.join(data.path, "resources")
    shutil.copytree(os.path.join(REPOSITORY, "Resources"), copy)
    return copy


def test_intact_resources_pass_and_doctor_says_so():
    with DataDir() as data:
        resources = copied_resources(data)
        env = {"TERN_RESOURCES": resources}
        assert run(["places", "search", "seoul"], data, env=env).returncode == 0
        doctor = run(["doctor", "--json"], data, env=env)
        assert doctor.returncode == 0, doctor.stderr
        report = json.loads(doctor.stdout)
        assert report["resources"] == {"directory": resources, "ok": True, "problems": []}, report


def test_a_changed_catalog_is_refused_by_name_and_doctor_reports_it():
    with DataDir() as data:
        resources = copied_resources(data)
        places = os.path.join(resources, "places", "places.tsv")
        with open(places, "r+b") as f:
            f.seek(1000)
            byte = f.read(1)
            f.seek(1000)
            f.write(b"x" if byte != b"x" else b"y")
        env = {"TERN_RESOURCES": resources}
        search = run(["places", "search", "seoul"], data, env=env)
        assert search.returncode == 1 and len(search.stderr.splitlines()) == 1, search.stderr
        assert places in search.stderr and "modified or truncated" in search.stderr, search.stderr
        doctor = run(["doctor"], data, env=env)
        assert doctor.returncode == 1 and places in doctor.stdout, doctor.stdout
        assert "differ from their manifest" in doctor.stderr, doctor.stderr


def test_a_truncated_sample_community_is_not_seeded():
    with DataDir() as data:
        resources = copied_resources(data)
        community = os.path.join(resources, "sample", "community.json")
        with open(community, "r+b") as f:
            f.truncate(os.path.getsize(community) // 2)
        feed = run(["feed"], data, env={"TERN_RESOURCES": resources})
        assert feed.returncode == 1 and len(feed.stderr.splitlines()) == 1, feed.stderr
        assert community in feed.stderr and "modified or truncated" in feed.stderr, feed.stderr
