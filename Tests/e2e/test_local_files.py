"""Files nobody else can read, corruption that does not spread, a full disk said plainly."""
import os
import shutil
import sqlite3
import stat
import subprocess
import tempfile

from tern import BIN, DataDir, run

PASSWORD = "correct horse battery"


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def signed_in(data, email="writer@example.com", username="writer"):
    assert run(["register", "--email", email], data, input=PASSWORD + "\n").returncode == 0
    result = run(["profile", "set", "--display-name", "Writer", "--username", username], data)
    assert result.returncode == 0, result.stderr


def test_default_locations_are_private():
    home = tempfile.mkdtemp(prefix="tern-home-")
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TERN_", "XDG_"))}
        env.update(HOME=home, LANG="C.UTF-8")
        result = subprocess.run([BIN, "places", "search", "seoul"], env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        subprocess.run([BIN, "register", "--email", "home@example.com"], env=env, input=PASSWORD + "\n",
                       capture_output=True, text=True, timeout=60, check=True)
        data = os.path.join(home, ".local", "share", "tern")
        assert mode(data) == 0o700, oct(mode(data))
        assert mode(os.path.join(data, "tern.db")) == 0o600
        for root, directories, files in os.walk(data):
            for name in directories:
                assert mode(os.path.join(root, name)) == 0o700, os.path.join(root, name)
            for name in files:
                assert mode(os.path.join(root, name)) == 0o600, os.path.join(root, name)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_data_dir_files_are_private():
    with DataDir() as data:
        target = os.path.join(data.path, "fresh")
        assert run(["--data-dir", target, "feed"], data).returncode == 0
        assert run(["--data-dir", target, "places", "search", "busan"], data).returncode == 0
        assert mode(target) == 0o700
        for root, directories, files in os.walk(target):
            for name in directories:
                assert mode(os.path.join(root, name)) == 0o700, os.path.join(root, name)
            for name in files:
                assert mode(os.path.join(root, name)) == 0o600, os.path.join(root, name)


def test_a_database_others_can_read_is_refused_with_the_fix():
    with DataDir() as data:
        assert run(["feed"], data).returncode == 0
        database = os.path.join(data.path, "tern.db")
        os.chmod(database, 0o644)
        result = run(["feed"], data)
        assert result.returncode == 1
        assert f"chmod 600 {database}" in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def damage(database):
    """Folds the WAL into the file and breaks the header of a page in its middle."""
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    size = os.path.getsize(database)
    page = (size // 4096 // 2) * 4096
    with open(database, "r+b") as file:
        file.seek(page)
        file.write(b"\xa5" * 64)


def test_a_damaged_database_takes_no_writes_and_doctor_says_how_to_recover():
    with DataDir() as data:
        signed_in(data)
        for index in range(40):
            assert run(["post", f"note {index} " + "x" * 250], data).returncode == 0
        healthy = run(["doctor"], data)
        assert healthy.returncode == 0 and "ok" in healthy.stdout, healthy
        database = os.path.join(data.path, "tern.db")
        damage(database)
        before = open(database, "rb").read()
        refused = run(["post", "one more"], data)
        assert refused.returncode == 1 and "damaged" in refused.stderr and "tern doctor" in refused.stderr, refused
        assert open(database, "rb").read() == before, "nothing was written"
        doctor = run(["doctor"], data)
        assert doctor.returncode == 1, doctor
        assert "To recover" in doctor.stdout and ".recover" in doctor.stdout, doctor.stdout


FILL = """
set -u
mount -t tmpfs -o size=3m tmpfs "$TERN_DATA_DIR" || exit 90
printf '%s\\n' "$PASSWORD" | "$TERN_BIN" register --email full@example.com >/dev/null || exit 91
"$TERN_BIN" profile set --display-name Full --username fuller >/dev/null || exit 92
dd if=/dev/zero of="$TERN_DATA_DIR/spare" bs=1k count=40 2>/dev/null
dd if=/dev/zero of="$TERN_DATA_DIR/filler" bs=4k 2>/dev/null
rm "$TERN_DATA_DIR/spare"
"$TERN_BIN" post "$(printf 'x%.0s' $(seq 1 250))" >/dev/null
echo "post=$?"
dd if=/dev/zero of="$TERN_DATA_DIR/filler2" bs=1k 2>/dev/null
"$TERN_BIN" post "again" >/dev/null
echo "post=$?"
"""


def test_a_full_disk_says_disk_full():
    # A small file system of its own: a tmpfs in a private mount namespace (as root, or in a
    # user namespace otherwise).
    with DataDir() as data:
        unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
        result = subprocess.run([*unshare, "sh", "-c", FILL], env=data.env(TERN_BIN=BIN, PASSWORD=PASSWORD),
                                capture_output=True, text=True, timeout=120)
        assert "post=1\npost=1" in result.stdout, (result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 2 and all("disk full" in line for line in lines), result.stderr
        assert "disk I/O error" not in result.stderr


def test_a_csv_with_a_byte_order_mark_imports():
    with DataDir() as data:
        path = os.path.join(data.path, "excel.csv")
        with open(path, "w", encoding="utf-8-sig", newline="") as file:
            file.write("name,latitude,longitude\r\nBomtown,37.51,127.01\r\n")
        result = run(["places", "import", path], data)
        assert result.returncode == 0, result.stderr
        assert "Bomtown" in run(["places", "search", "bomtown"], data).stdout


def test_resources_are_found_beside_the_real_executable_never_the_working_directory():
    """As `make install PREFIX=…` lays it out, run through a link from elsewhere, with a
    planted `Resources/` beside and above the working directory."""
    repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with DataDir() as data:
        prefix = os.path.join(data.path, "prefix")
        os.makedirs(os.path.join(prefix, "bin"))
        shutil.copy2(BIN, os.path.join(prefix, "bin", "tern"))
        shutil.copytree(os.path.join(repository, "Resources"), os.path.join(prefix, "share", "tern"))
        links = os.path.join(data.path, "links")
        os.makedirs(links)
        os.symlink(os.path.join(prefix, "bin", "tern"), os.path.join(links, "tern"))
        work = os.path.join(data.path, "elsewhere", "work")
        for planted in (os.path.join(data.path, "elsewhere", "Resources"), os.path.join(work, "Resources")):
            os.makedirs(os.path.join(planted, "places"))
            with open(os.path.join(planted, "places", "places.tsv"), "w") as file:
                file.write("fake\tFakeville\n")
        env = data.env()
        env.pop("TERN_RESOURCES", None)
        env["PATH"] = links + os.pathsep + env.get("PATH", "")
        result = subprocess.run(["tern", "places", "search", "seoul"], cwd=work, env=env, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        assert "Seoul" in result.stdout and "Fakeville" not in result.stdout
