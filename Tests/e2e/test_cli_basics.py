"""The command line's frame: help, version, and the exit status of a usage error."""
import os
import subprocess

from tern import BIN, DataDir, run


def test_version_prints_and_exits_zero():
    with DataDir() as data:
        result = run(["--version"], data)
        assert result.returncode == 0, result
        assert result.stdout.startswith("tern "), result.stdout


def test_help_lists_global_options():
    with DataDir() as data:
        result = run(["--help"], data)
        assert result.returncode == 0
        for option in ("--data-dir", "--session", "--no-sample", "--json"):
            assert option in result.stdout, option


def test_unknown_command_is_a_usage_error():
    with DataDir() as data:
        result = run(["frobnicate"], data)
        assert result.returncode == 2
        assert "unknown command" in result.stderr
        assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr


def test_unknown_option_is_a_usage_error():
    with DataDir() as data:
        result = run(["--bogus"], data)
        assert result.returncode == 2


def test_interface_without_a_terminal_says_so():
    with DataDir() as data:
        result = run([], data, input="")
        assert result.returncode == 1
        assert "needs a terminal" in result.stderr
        assert "\x1b" not in result.stdout, "no escape codes written into a pipe"


def test_unknown_option_says_so_before_and_after_a_command():
    with DataDir() as data:
        for args in (["--bogus"], ["places", "search", "seoul", "--bogus"], ["feed", "--bogus=1"]):
            result = run(args, data)
            assert result.returncode == 2, (args, result)
            assert "unknown option --bogus" in result.stderr, (args, result.stderr)


def test_groups_list_their_subcommands():
    with DataDir() as data:
        for args, group in ((["places"], "places"), (["profile", "--help"], "profile"),
                            (["server", "--help"], "server"), (["help", "favorites"], "favorites")):
            result = run(args, data)
            assert result.returncode == 0, (args, result)
            commands = [line.strip() for line in result.stdout.splitlines() if line.strip().startswith("tern " + group)]
            assert commands, (args, result.stdout)
        places = run(["places"], data).stdout
        for sub in ("places search QUERY", "places show PLACE_ID", "places import FILE"):
            assert sub in places, sub
        mistyped = run(["places", "serch", "seoul"], data)
        assert mistyped.returncode == 2 and "unknown command 'places serch seoul'" in mistyped.stderr
        assert "tern help places" in mistyped.stderr


def test_help_command_shows_one_command_or_everything():
    with DataDir() as data:
        general = run(["help"], data)
        assert general.returncode == 0 and "Global options:" in general.stdout
        search = run(["help", "places", "search"], data)
        assert search.returncode == 0, search
        assert search.stdout.startswith("Usage: tern places search QUERY [--limit N] [--near LAT,LON]")
        assert run(["places", "search", "--help"], data).stdout == search.stdout
        unknown = run(["help", "frobnicate"], data)
        assert unknown.returncode == 2 and "unknown command 'frobnicate'" in unknown.stderr


def test_help_says_post_id_and_aligns_option_help():
    with DataDir() as data:
        general = run(["--help"], data).stdout
        assert "tern like POST_ID" in general and "tern unlike POST_ID" in general
        assert "TWEET_ID" not in general
        for args in (["--help"], ["help", "profile", "set"], ["help", "feed"]):
            text = run(args, data).stdout
            rows = [line for line in text.splitlines() if line.startswith("  --")]
            assert rows, args
            # Each help text starts in one column, two spaces after the widest option.
            columns = {len(line) - len(line[2:].split("  ", 1)[1].lstrip()) for line in rows}
            widest = max(len(line[2:].split("  ", 1)[0]) for line in rows)
            assert columns == {2 + widest + 2}, (args, text)


def test_one_wording_for_the_limit_refusal():
    with DataDir() as data:
        places = run(["places", "search", "seoul", "--limit", "0"], data)
        feed = run(["feed", "--limit", "0"], data)
        assert places.returncode == feed.returncode == 2
        expected = "--limit needs a whole number from 1 to 1000, not '0'"
        assert expected in places.stderr and expected in feed.stderr, (places.stderr, feed.stderr)


def test_empty_ids_are_usage_errors():
    with DataDir() as data:
        for args in (["like", ""], ["unlike", ""], ["places", "show", ""], ["favorites", "add", ""]):
            result = run(args, data)
            assert result.returncode == 2, (args, result)
            assert "must not be empty" in result.stderr


def test_unknown_store_scheme_is_an_error_and_creates_nothing():
    with DataDir() as data:
        work = os.path.join(data.path, "cwd")
        os.mkdir(work)
        option = subprocess.run([BIN, "--store", "ftp://x", "feed"], cwd=work, env=data.env(),
                                capture_output=True, text=True, timeout=60)
        assert option.returncode == 2 and "unknown store scheme 'ftp'" in option.stderr, option
        variable = subprocess.run([BIN, "feed"], cwd=work, env=data.env(TERN_STORE="postgress://db/tern"),
                                  capture_output=True, text=True, timeout=60)
        assert variable.returncode == 1 and "unknown store scheme 'postgress'" in variable.stderr, variable
        assert os.listdir(work) == [], os.listdir(work)
        assert not os.path.exists(os.path.join(data.path, "tern.db"))


def test_relative_store_in_the_config_is_beside_the_config():
    with DataDir() as data:
        with open(os.path.join(data.path, "config"), "w") as config:
            config.write("# written on Windows\r\nstore = team.db\r\nhome = 37.5,127.0\r\n")
        work = os.path.join(data.path, "cwd")
        os.mkdir(work)
        result = subprocess.run([BIN, "feed", "--json"], cwd=work, env=data.env(), capture_output=True, text=True,
                                timeout=60)
        assert result.returncode == 0, result
        assert os.path.exists(os.path.join(data.path, "team.db"))
        assert os.listdir(work) == []
