"""Shared favorites folders on a team server, through the real binary (needs the cluster of
scripts/with-postgres.sh, like test_server.py, and fails without it)."""
import json

from tern import DataDir
from test_server import Server

JEJU, SEOUL = "1846266", "1835848"


def test_a_shared_folder_is_listed_for_another_account_and_nothing_else():
    with Server() as server, DataDir() as mina, DataDir() as river:
        server.register(mina, "mina@example.com", "mina_k")
        server.register(river, "river@example.com", "river")
        for args in (["favorites", "folder", "create", "제주 여행", "--visibility", "shared"],
                     ["favorites", "add", JEJU, "--folder", "제주 여행", "--memo", "일출"],
                     ["favorites", "add", SEOUL]):
            done = server.tern(args, mina)
            assert done.returncode == 0, (args, done.stderr)
        shared = server.tern(["favorites", "list", "--user", "@mina_k", "--json"], river)
        assert shared.returncode == 0, shared.stderr
        assert [(f["placeID"], f["folders"], f["memo"]) for f in json.loads(shared.stdout)] == [(JEJU, ["제주 여행"], "일출")]
        assert json.loads(server.tern(["favorites", "list", "--json"], river).stdout) == []
        assert server.tern(["favorites", "folder", "set", "제주 여행", "--visibility", "private"], mina).returncode == 0
        hidden = server.tern(["favorites", "list", "--user", "@mina_k", "--json"], river)
        assert hidden.returncode == 0 and json.loads(hidden.stdout) == [], hidden.stderr
