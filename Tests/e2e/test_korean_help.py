"""The command line's help, usage errors and config errors in Korean (TERN_LANG=ko)."""
import os
import re

from tern import DataDir, run

HANGUL = re.compile("[가-힣]")
KOREAN = {"TERN_LANG": "ko"}
ENGLISH = {"TERN_LANG": "en"}


def described_lines(text):
    """The lines that describe something: a command's summary (indented six spaces) or an option's help."""
    lines = []
    for line in text.splitlines():
        if line.startswith("      ") and line.strip():
            lines.append(line.strip())
        elif line.startswith("  --"):
            lines.append(re.split(r"\s{2,}", line.strip(), maxsplit=1)[-1])
    return lines


def test_korean_help_leaves_no_english_summary_and_keeps_names():
    with DataDir() as data:
        english = run(["--help"], data, env=ENGLISH)
        korean = run(["--help"], data, env=KOREAN)
        assert english.returncode == 0 and korean.returncode == 0
        english_lines, korean_lines = described_lines(english.stdout), described_lines(korean.stdout)
        assert len(english_lines) == len(korean_lines) > 30
        for line in korean_lines:
            assert HANGUL.search(line), "English left in the Korean help: %r" % line
        for line in english_lines:
            assert line not in korean.stdout, line
        # Usage lines, option names and commands do not change.
        usages = [line for line in english.stdout.splitlines() if line.startswith("  tern ")]
        assert usages == [line for line in korean.stdout.splitlines() if line.startswith("  tern ")]
        assert korean.stdout.splitlines()[0] == "Tern: 터미널에서 쓰는 장소와 게시물."


def test_every_command_help_is_korean():
    with DataDir() as data:
        english = run(["--help"], data, env=ENGLISH).stdout
        commands = [line[len("  tern "):].split(" [")[0] for line in english.splitlines() if line.startswith("  tern ")]
        words = [[word for word in command.split() if word.islower() and not word.startswith("-")]
                 for command in commands]
        for command in words:
            shown = run(["help", *command], data, env=KOREAN)
            assert shown.returncode == 0, (command, shown.stderr)
            assert shown.stdout.startswith("사용법: tern "), shown.stdout
            for line in described_lines(shown.stdout):
                assert HANGUL.search(line), (command, line)
        group = run(["help", "favorites"], data, env=KOREAN)
        assert "저장한 장소." in group.stdout and "명령:" in group.stdout


def test_korean_usage_error_keeps_its_exit_status():
    with DataDir() as data:
        result = run(["places", "search", "서울", "--limit", "0"], data, env=KOREAN)
        assert result.returncode == 2
        assert result.stderr.splitlines() == [
            "tern: --limit에 필요한 값: 1부터 1000까지의 정수 ('0'은 안 됩니다)",
            "'tern help places search'을(를) 실행해 보세요.",
        ]
        unknown = run(["plaecs"], data, env=KOREAN)
        assert unknown.returncode == 2 and "알 수 없는 명령 'plaecs'" in unknown.stderr


def test_korean_config_errors_name_file_and_line():
    with DataDir() as data:
        config = os.path.join(data.path, "config")
        with open(config, "w") as file:
            file.write("# mine\nnominatim = maybe\n")
        result = run(["places", "search", "서울"], data, env=KOREAN)
        assert result.returncode == 1
        assert result.stderr.strip() == "tern: %s:2: nominatim은 on 또는 off여야 합니다" % config
        with open(config, "w") as file:
            file.write("bind feed like = q\n")
        keys = run(["keys"], data, env=KOREAN)
        assert keys.returncode == 1
        assert keys.stderr.strip() == "tern: %s:1: q이(가) quit(global)과(와) like(feed) 모두에 지정되어 있습니다" % config
        english = run(["keys"], data, env=ENGLISH)
        assert english.stderr.strip() == "tern: %s:1: q is bound to both quit (global) and like (feed)" % config
