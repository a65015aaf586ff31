"""A data directory its user cannot write (issue 26, point 12): `chmod -R a-w`, run by that
user. Root writes through any mode, so under root the directory is given to `nobody` and Tern
runs as `nobody` (setpriv), which is what a user meets on a read-only copy or mount. Reading
works (lists, folders, export, the feed, the interface); a write says so in one line."""
import json
import os
import shutil
import subprocess
import tempfile

import tern
from tern import DataDir, Tmux, run
from test_accounts import register

SEOUL, BUSAN = "1835848", "1838524"
ROOT = os.geteuid() == 0
RESOURCES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Resources")


class ReadOnly:
    """`data`'s store, session and files moved into `data.path/ro`, made read-only for the
    user Tern then runs as (the outer directory stays writable, for tmux's socket)."""

    def __init__(self, data):
        self.data = data
        self.path = os.path.join(data.path, "ro")
        os.mkdir(self.path, 0o700)
        for name in os.listdir(data.path):
            if name != "ro":
                shutil.move(os.path.join(data.path, name), os.path.join(self.path, name))
        self.env = {"TERN_DATA_DIR": self.path, "TERN_SESSION": os.path.join(self.path, "state", "session"),
                    "HOME": self.path}
        self.wrapper = None

    def __enter__(self):
        if ROOT:
            subprocess.run(["chown", "-R", "65534:65534", self.path], check=True)
            os.chmod(self.data.path, 0o755)
            directory = tempfile.mkdtemp(prefix="tern-ro-bin-")
            os.chmod(directory, 0o755)
            # `nobody` may not reach this checkout (a clone inside a 0700 directory): it runs its
            # own readable copy of the binary and of the shipped files.
            binary, resources = os.path.join(directory, "tern"), os.path.join(directory, "Resources")
            shutil.copy2(tern.BIN, binary)
            shutil.copytree(RESOURCES, resources)
            self.wrapper = os.path.join(directory, "tern-as-nobody")
            with open(self.wrapper, "w") as handle:
                handle.write(f"#!/bin/sh\nTERN_RESOURCES={resources} exec setpriv --reuid=65534 --regid=65534 "
                             f"--clear-groups {binary} \"$@\"\n")
            os.chmod(self.wrapper, 0o755)
        subprocess.run(["chmod", "-R", "a-w", self.path], check=True)
        return self

    def __exit__(self, *exc):
        subprocess.run(["chmod", "-R", "u+w", self.path], check=False)
        if ROOT:
            subprocess.run(["chown", "-R", "0:0", self.path], check=False)
        if self.wrapper:
            shutil.rmtree(os.path.dirname(self.wrapper), ignore_errors=True)

    def run(self, args):
        command = [self.wrapper, *args] if self.wrapper else [tern.BIN, *args]
        full = self.data.env(**self.env)
        return subprocess.run(command, capture_output=True, text=True, env=full, timeout=60)


def test_a_read_only_data_directory_reads_and_refuses_writes_in_one_line():
    with DataDir() as data:
        assert register(data, "reader@example.com").returncode == 0
        assert run(["favorites", "add", SEOUL, "--memo", "city hall"], data).returncode == 0
        assert run(["profile", "set", "--display-name", "Reader", "--username", "reader"], data).returncode == 0
        with ReadOnly(data) as ro:
            probe = ro.run(["--version"])
            assert probe.returncode == 0, probe.stderr
            # The attack's condition holds: the user Tern runs as cannot write the directory.
            if ROOT:
                test_w = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "test", "-w", ro.path]
                assert subprocess.run(test_w).returncode != 0
            else:
                assert not os.access(ro.path, os.W_OK)

            listed = ro.run(["favorites", "list", "--json"])
            assert listed.returncode == 0, listed.stderr
            assert [f["placeID"] for f in json.loads(listed.stdout)] == [SEOUL]
            assert listed.stderr == "", listed.stderr

            folders = ro.run(["favorites", "folders"])
            assert folders.returncode == 0 and "Favorites" in folders.stdout, folders.stderr

            exported = ro.run(["favorites", "export", "--format", "csv"])
            assert exported.returncode == 0 and "city hall" in exported.stdout, exported.stderr

            feed = ro.run(["feed"])
            assert feed.returncode == 0, feed.stderr

            for write in (["favorites", "add", BUSAN], ["favorites", "remove", SEOUL],
                          ["favorites", "folder", "create", "Trip"]):
                refused = ro.run(write)
                assert refused.returncode == 1, (write, refused.stdout, refused.stderr)
                lines = refused.stderr.strip().splitlines()
                assert len(lines) == 1 and "read-only" in lines[0], (write, refused.stderr)

            # The interface opens on it and shows the saved place.
            saved_bin = tern.BIN
            if ro.wrapper:
                tern.BIN = ro.wrapper
            try:
                ui = Tmux([], data, width=100, height=30, env=ro.env)
            finally:
                tern.BIN = saved_bin
            try:
                ui.wait_for("1 Places")
                ui.send("2")
                ui.wait_for("Favorites")
                ui.send("]")
                screen = ui.wait_for("Seoul")
                assert "read-only" not in screen and "cannot open" not in screen, screen
            finally:
                ui.kill()

        # Nothing changed: writable again, the same single place.
        again = run(["favorites", "list", "--json"], data, env=ro.env)
        assert again.returncode == 0, again.stderr
        assert [f["placeID"] for f in json.loads(again.stdout)] == [SEOUL]
