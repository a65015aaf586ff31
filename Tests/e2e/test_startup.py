"""What a start loads: libpq and libcurl only when a team server or an online provider is used.

The dynamic loader lists every library it opens when LD_DEBUG=libs is set (on standard
error), so these tests see what a person's `tern --version` or offline search pays for.
"""
import json

from tern import DataDir, run
from test_online_places import FakeServer, configure
from test_server import Server

LAZY = ("libpq.so", "libcurl.so", "libgssapi", "libldap")


def loaded(result):
    """The libraries the loader looked for (at start or by dlopen), from its LD_DEBUG=libs lines."""
    return [line.split("find library=", 1)[1].split()[0] for line in result.stderr.splitlines()
            if "find library=" in line]


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
