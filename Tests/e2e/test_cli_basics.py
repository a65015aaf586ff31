"""The command line's frame: help, version, and the exit status of a usage error."""
from tern import DataDir, run


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
