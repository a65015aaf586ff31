"""docs/keys.md and docs/commands.md are made by the binary from the key table and the
command declarations (`make docs`); a change to either without `make docs` fails here."""
import os

from tern import run

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check_current(name):
    made = run(["__generate", name], env={"TERN_LANG": "ko"})
    assert made.returncode == 0 and made.stderr == "", made
    with open(os.path.join(REPOSITORY, "docs", name), encoding="utf-8") as f:
        committed = f.read()
    assert made.stdout == committed, f"docs/{name} is stale: run `make docs` and commit the result"


def test_the_key_table_doc_is_current():
    check_current("keys.md")


def test_the_command_reference_is_current():
    check_current("commands.md")


def test_the_reference_names_every_command_and_action():
    made = run(["__generate", "commands.md"]).stdout
    for usage in ("### `tern places search QUERY", "## `tern feed [--liked]", "### `tern favorites folder delete NAME"):
        assert usage in made, made
    keys = run(["__generate", "keys.md"]).stdout
    assert "| `l` | `like` |" in keys and "## A question (`confirm`)" in keys, keys
    assert "__complete" not in made and "__generate" not in made.split("\n", 1)[1], made


def test_an_unknown_target_is_a_usage_error():
    made = run(["__generate", "tern.2"])
    assert made.returncode == 2 and made.stdout == "", made
    assert "keys.md|commands.md|tern.1|bash|zsh|fish" in made.stderr, made.stderr


def test_the_guides_a_reader_starts_with_stay_short():
    # The README is a user's guide and ARCHITECTURE a map: at most 300 lines each; the rest
    # belongs in the other docs.
    for name in ("README.md", "docs/ARCHITECTURE.md"):
        with open(os.path.join(REPOSITORY, name), encoding="utf-8") as f:
            count = len(f.read().splitlines())
        assert count <= 300, f"{name} has {count} lines (at most 300)"
