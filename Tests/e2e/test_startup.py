"""What a start loads: libpq and libcurl only when a team server or an online provider is used,
and nothing at all of its own for `tern --version`.

The dynamic loader lists every library it opens when LD_DEBUG=libs is set (on standard
error), and strace lists every file a process opens or looks at, so these tests see what a
person's `tern --version` or offline search pays for.
"""
import json
import os
import shutil
import subprocess
import tempfile

from tern import BIN, DataDir, run
from test_online_places import FakeServer, configure
from test_server import Server

LAZY = ("libpq.so", "libcurl.so", "libgssapi", "libldap")


def loaded(result):
    """The libraries the loader looked for (at start or by dlopen), from its LD_DEBUG=libs lines."""
    return found_libraries(result.stderr.splitlines())


def found_libraries(lines):
    return [line.split("find library=", 1)[1].split()[0] for line in lines if "find library=" in line]


def test_version_help_and_offline_search_load_neither_libpq_nor_libcurl():
    with DataDir() as data:
        for args in (["--version"], ["--help"], ["places", "search", "seoul", "--limit", "5"],
                     ["places", "search", "서울", "--json"]):
            result = run(args, data, env={"LD_DEBUG": "libs"})
            assert result.returncode == 0, result.stderr[-2000:]
            names = loaded(result)
            assert names, "LD_DEBUG=libs listed nothing for %s" % args
            assert not [n for n in names if n.startswith(LAZY)], (args, names)
        assert "Seoul" in run(["places", "search", "seoul"], data).stdout


def test_a_team_server_loads_libpq_when_it_is_used():
    with Server() as server, DataDir() as data:
        result = server.tern(["feed", "--json"], data, LD_DEBUG="libs")
        assert result.returncode == 0, result.stderr[-2000:]
        assert "libpq.so.5" in loaded(result), loaded(result)
        assert isinstance(json.loads(result.stdout), list)


def test_an_online_search_loads_libcurl_when_it_is_used():
    with DataDir() as data, FakeServer() as fake:
        configure(data, fake)
        result = run(["places", "search", "을지로", "--json"], data, env={"LD_DEBUG": "libs"})
        assert result.returncode == 0, result.stderr[-2000:]
        assert "libcurl.so.4" in loaded(result), loaded(result)
        sources = {place["source"] for place in json.loads(result.stdout)["documents"]}
        assert "kakao" in sources, sources


def opened_after_start(result):
    """The libraries opened once the program runs (dlopen), after the loader's start-up list."""
    lines = result.stderr.splitlines()
    start = next((i for i, line in enumerate(lines) if "transferring control:" in line), None)
    assert start is not None, "LD_DEBUG=libs did not reach the program: %s" % result.stderr[-2000:]
    return found_libraries(lines[start:])


def paths_touched(trace):
    """Every path a traced process opened, looked at or read a link of (strace's quoted arguments)."""
    paths = []
    for line in trace.splitlines():
        if '"' in line and any(call in line for call in ("open", "stat", "access", "readlink", "exec")):
            paths.append(line.split('"')[1])
    # `fstatat(fd, "")` looks at a file already open, listed where it was opened.
    return [path for path in paths if path]


def test_version_reads_nothing_of_its_own_and_opens_no_library():
    """`tern --version` is answered before the config, the data directory, the session, the
    shipped resources, the locale or the terminal are looked at, and before any library is opened."""
    strace = shutil.which("strace")
    assert strace, "strace is missing (make test installs it)"
    home = tempfile.mkdtemp(prefix="tern-e2e-version-")
    try:
        # Everything Tern could read of its own lives under `home`, the working directory too.
        env = {"HOME": home, "TERN_DATA_DIR": os.path.join(home, "data"), "TERN_RESOURCES": os.path.join(home, "resources"),
               "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_DATA_HOME": os.path.join(home, "share"),
               "XDG_STATE_HOME": os.path.join(home, "state"), "PATH": os.environ.get("PATH", ""),
               "LANG": "ko_KR.UTF-8", "TERM": "xterm-256color"}
        for name in ("data", "resources/places", "config/tern"):
            os.makedirs(os.path.join(home, name))
        with open(os.path.join(home, "config", "tern", "config"), "w") as config:
            config.write("language = ko\n")
        trace_file = os.path.join(home, "trace")
        traced = subprocess.run([strace, "-f", "-qq", "-o", trace_file, BIN, "--version"], capture_output=True,
                                text=True, env=env, cwd=home, timeout=60)
        assert traced.returncode == 0 and traced.stdout == "tern 0.1.0\n", traced
        with open(trace_file) as trace:
            touched = paths_touched(trace.read())
        assert touched, "strace saw no file at all"
        own = [path for path in touched if path.startswith(home) or not path.startswith("/")]
        assert not own, own
        data = [path for path in touched if path.startswith(("/usr/share", "/usr/lib/locale", "/etc/"))
                and not path.startswith("/etc/ld.so.")]
        assert not data, data

        libraries = subprocess.run([BIN, "--version"], capture_output=True, text=True, cwd=home,
                                   env={**env, "LD_DEBUG": "libs"}, timeout=60)
        assert libraries.returncode == 0, libraries.stderr[-2000:]
        assert not opened_after_start(libraries)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_term_dumb_says_the_interface_needs_cursor_addressing_and_points_to_the_command_line():
    import pty
    with DataDir() as data:
        controller, terminal = pty.openpty()
        try:
            process = subprocess.Popen([BIN], stdin=terminal, stdout=terminal, stderr=subprocess.PIPE,
                                       env=data.env(TERM="dumb"), close_fds=True)
            _, stderr = process.communicate(timeout=30)
        finally:
            os.close(terminal)
            os.close(controller)
        message = stderr.decode().strip()
        assert process.returncode == 1, (process.returncode, message)
        assert message == ("tern: TERM=dumb cannot move the cursor, which the interface needs: run it in a "
                           "terminal that can (TERM=xterm-256color), or use the command line (tern help)"), message
