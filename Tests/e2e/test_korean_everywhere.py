"""Every command in Korean (TERN_LANG=ko): its --help, its usage error and a normal run.

A guard for the future: a line of human output that holds a word of the English catalogue
fails, unless the word is a name a person types or reads as it is (a command, an option's
value, a metavariable, a product), a value from the data (compared with the command's
--json answer), or in a path, URL, quoted value or command shown to run. JSON keys and exit
statuses are the same in both languages.
"""
import json
import os
import re

from tern import DataDir, run
from test_server import Server

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGUE = os.path.join(HERE, "..", "..", "Sources", "Localization", "Catalogue+English.swift")
KOREAN = {"TERN_LANG": "ko"}
PASSWORD = "correct horse battery"

# Words of the English catalogue that a Korean line may hold: the names of commands and
# actions, the values options and config keys take, and proper nouns.
ALLOWED = set("""
    tern places search show import register login logout whoami profile set favorites list add remove memo copy move
    folders folder create rename delete export feed post posts like unlike edit keys server init invite doctor sync
    status help liked limit near offline online category display name username bio queue sort newest distance manual
    user email color colour visibility private shared with format csv json geojson from data dir store session sample
    version global places favorites quit gpx kml avatar none png jpeg
    kakao openstreetmap nominatim geonames postgresql sqlite tern cldr korean english utf json csv geojson rest api
    http https tls url urls sqlstate errno scram sha pg_hba conf hba guest ctrl enter esc tab
    cafe subway latitude longitude address
    chmod chown postgres postgresql
    red orange yellow green blue purple pink gray grey white black cyan magenta bright dark light mono contrast
""".split())


def english_words():
    """The lower-case words of three or more letters in the English catalogue's texts."""
    with open(CATALOGUE, encoding="utf-8") as file:
        source = file.read()
    texts = re.findall(r'\.\w+: return "((?:[^"\\]|\\.)*)"', source)
    assert len(texts) > 300, "the English catalogue was not found"
    words = set()
    for text in texts:
        text = re.sub(r"\{\w+\}", " ", text)
        words.update(word.lower() for word in re.findall(r"[A-Za-z]{3,}", text))
    return words - ALLOWED


WORDS = english_words()


def data_strings(value):
    """Every string in a JSON answer, longest first (the data a human line may show)."""
    found = []
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            found += data_strings(item)
    elif isinstance(value, list):
        for item in value:
            found += data_strings(item)
    return sorted({text for text in found if len(text) > 1}, key=len, reverse=True)


def english_left(line, data=()):
    """The English catalogue's words left in a line once names, values and data are taken out."""
    for text in data:
        line = line.replace(text, " ")
    line = re.sub(r"\w+://\S*", " ", line)  # URLs
    line = re.sub(r"\S+@\S+\.\w+", " ", line)  # email addresses
    line = re.sub(r"(?<![\w.])[~.]?/\S*", " ", line)  # paths
    line = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", line)  # quoted values and commands
    line = re.sub(r"--[a-z][a-z-]*", " ", line)  # option names
    line = re.sub(r"(?<![A-Za-z])tern(?: [a-z][a-z-]*)*", " ", line)  # commands to run
    line = re.sub(r"@\w+", " ", line)  # handles
    line = re.sub(r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9_]+(?![a-z0-9_])", " ", line)  # metavariables, codes
    line = re.sub(r"[A-Za-z0-9]*_[A-Za-z0-9_]*", " ", line)  # identifiers: roles, tables, config keys
    return [word for word in re.findall(r"[A-Za-z]+", line) if word.lower() in WORDS]


def check_korean(result, what, data=()):
    """No English left in stdout or stderr, the JSON of `data` aside."""
    for stream in (result.stdout, result.stderr):
        for line in stream.splitlines():
            left = english_left(line, data)
            assert not left, "%s: English %s left in %r" % (what, left, line)


def key_paths(value, path=""):
    """The keys of a JSON answer, as paths (`documents[].placeID`)."""
    if isinstance(value, dict):
        return set().union({path + "." + key for key in value},
                           *[key_paths(item, path + "." + key) for key, item in value.items()])
    if isinstance(value, list):
        return set().union(set(), *[key_paths(item, path + "[]") for item in value])
    return set()


# Each command: its words, the arguments of one normal run (after the ones before it in this
# list have run, in one data directory), and whether it only reads (and answers --json).
def commands(place, file_csv, export):
    return [
        (["register"], ["--email", "mina@example.com"], False),
        (["whoami"], [], True),
        (["profile", "set"], ["--display-name", "미나", "--username", "mina", "--bio", "서울 산책"], False),
        (["places", "search"], ["서울", "--limit", "3"], True),
        (["places", "show"], [place], True),
        (["places", "import"], [file_csv], False),
        (["favorites", "add"], [place, "--memo", "단골"], False),
        (["favorites"], [], True),
        (["favorites", "memo"], [place, "창가 자리"], False),
        (["favorites", "folder", "create"], ["카페", "--color", "red"], False),
        (["favorites", "copy"], [place, "--to", "카페"], False),
        (["favorites", "folder", "rename"], ["카페", "커피"], False),
        (["favorites", "folder", "set"], ["커피", "--sort", "name", "--visibility", "shared"], False),
        (["favorites", "move"], [place, "--from", "커피", "--to", "Favorites"], False),
        (["favorites", "folders"], [], True),
        (["favorites", "export"], [export], False),
        (["favorites", "import"], [export], False),
        (["favorites", "folder", "delete"], ["커피"], False),
        (["favorites", "remove"], [place], False),
        (["feed"], ["--limit", "3"], True),
        (["post"], ["안녕하세요"], False),
        (["like"], ["POST"], False),
        (["unlike"], ["POST"], False),
        (["repost"], ["POST"], False),
        (["unrepost"], ["POST"], False),
        (["bookmark"], ["POST"], False),
        (["unbookmark"], ["POST"], False),
        (["reply"], ["POST", "좋은 글이네요"], False),
        (["thread"], ["POST"], True),
        (["notifications"], [], True),
        (["notifications", "read"], [], False),
        (["follow"], ["@seoyeon"], False),
        (["following"], [], True),
        (["followers"], ["@seoyeon"], True),
        (["unfollow"], ["@seoyeon"], False),
        (["people", "search"], ["ㅅㅇ"], True),
        (["profile", "show"], ["@seoyeon"], True),
        (["mute"], ["@seoyeon"], False),
        (["muted"], [], True),
        (["unmute"], ["@seoyeon"], False),
        (["posts", "edit"], ["POST", "고친 글"], False),
        (["posts", "delete"], ["POST"], False),
        (["keys"], [], True),
        (["doctor"], [], True),
        (["status"], [], True),
        (["sync"], [], False),
        (["logout"], [], False),
        (["login"], ["--email", "mina@example.com"], False),
    ]


def test_every_command_reads_korean():
    with DataDir() as data:
        found = json.loads(run(["--json", "places", "search", "서울", "--limit", "3"], data).stdout)
        place = found["documents"][0]["placeID"]
        # The data human lines may show: names and addresses, people and posts, this directory.
        known = data_strings(found) + data_strings(json.loads(run(["--json", "feed", "--limit", "50"], data).stdout))
        known.append(data.path)
        file_csv = os.path.join(data.path, "mine.csv")
        with open(file_csv, "w", encoding="utf-8") as file:
            file.write("name,latitude,longitude,address\n우리집 앞 카페,37.5,127.0,서울\n")
        export = os.path.join(data.path, "favorites.json")
        post = None
        seen = set()
        for words, arguments, reads in commands(place, file_csv, export):
            if words == ["like"]:
                post = json.loads(run(["--json", "feed", "--limit", "1"], data).stdout)[0]["id"]
                known.append(post)
            arguments = [post if argument == "POST" else argument for argument in arguments]
            name = " ".join(words)
            seen.add(name)

            shown = run([*words, "--help"], data, env=KOREAN)
            assert shown.returncode == 0, (name, shown.stderr)
            check_korean(shown, name + " --help")

            wrong = run([*words, "--bogus"], data, env=KOREAN)
            assert wrong.returncode == 2, (name, wrong.stdout, wrong.stderr)
            check_korean(wrong, name + " usage error")

            if reads:
                korean = run(["--json", *words, *arguments], data, env=KOREAN)
                english = run(["--json", *words, *arguments], data, env={"TERN_LANG": "en"})
                assert korean.returncode == english.returncode == 0, (name, korean.stderr, english.stderr)
                assert key_paths(json.loads(korean.stdout)) == key_paths(json.loads(english.stdout)), name
                known = sorted(set(known + data_strings(json.loads(korean.stdout))), key=len, reverse=True)
            needs_password = words[0] in ("register", "login")
            result = run([*words, *arguments], data, env=KOREAN, input=PASSWORD + "\n" if needs_password else None)
            assert result.returncode == 0, (name, result.stdout, result.stderr)
            assert re.search("[가-힣]", result.stdout + result.stderr) or name in ("keys",), (name, result.stdout)
            check_korean(result, name, known)
            # Words the check allows (they are option values) still read Korean in a listing.
            if name == "favorites folders":
                assert "빨강 · 공유 · 이름순" in result.stdout and "red" not in result.stdout, result.stdout
            if name == "people search":
                assert "@seoyeon  김서연" in result.stdout and "팔로워" in result.stdout, result.stdout
            if name == "places search":
                assert "서울, 대한민국" in result.stdout and "Seoul," not in result.stdout, result.stdout
        listed = {line[len("  tern "):].split(" [")[0] for line in run(["--help"], data).stdout.splitlines()
                  if line.startswith("  tern ")}
        listed = {" ".join(word for word in usage.split() if re.fullmatch("[a-z]+", word)) for usage in listed}
        # The administrator's commands need a PostgreSQL server (test_server.py runs them):
        # here their help and usage errors read Korean.
        administrator = {name for name in listed if name.startswith("server ")}
        for name in sorted(administrator):
            shown = run([*name.split(), "--help"], data, env=KOREAN)
            assert shown.returncode == 0, (name, shown.stderr)
            check_korean(shown, name + " --help")
        # Following a folder needs another account's shared folder (test_folder_follows.py): here
        # their help, usage errors and a refusal read Korean.
        for name in ("favorites follow", "favorites unfollow"):
            shown = run([*name.split(), "--help"], data, env=KOREAN)
            assert shown.returncode == 0, (name, shown.stderr)
            check_korean(shown, name + " --help")
            refused = run([*name.split(), "@seoyeon", "없는 폴더"], data, env=KOREAN)
            assert refused.returncode == 1 and re.search("[가-힣]", refused.stderr), (name, refused.stderr)
            seen.add(name)
        assert listed - administrator <= seen, listed - seen


def test_server_commands_read_korean():
    server = Server()
    with DataDir() as data:
        init = run(["server", "init", server.admin], data, env=KOREAN)
        assert init.returncode == 0, init.stderr
        assert "스키마" in init.stdout and "최신" in init.stdout, init.stdout
        check_korean(init, "server init", ["public"])  # the schema's name
        invite = run(["server", "invite", server.admin], data, env=KOREAN)
        assert invite.returncode == 0 and re.fullmatch(r"[a-z0-9]{24}\n", invite.stdout), invite.stdout
        for words in (["server", "init"], ["server", "invite"]):
            wrong = run([*words, "ftp://x"], data, env=KOREAN)
            assert wrong.returncode == 2, wrong.stderr
            assert "postgres:// 또는 postgresql:// URL이 필요합니다" in wrong.stderr, wrong.stderr
            check_korean(wrong, " ".join(words) + " usage error")
        doctor = server.tern(["doctor"], data, **KOREAN)
        check_korean(doctor, "doctor on a server")
        status = server.tern(["status"], data, **KOREAN)
        assert status.returncode == 0 and "연결: 온라인" in status.stdout, status.stdout
        as_json = json.loads(server.tern(["--json", "status"], data, **KOREAN).stdout)
        assert as_json["connection"] == "online"
    # JSON reads the same in every language, reasons and problems included.
    with DataDir() as data:
        away = {"TERN_STORE": "postgres://127.0.0.1:1/tern"}
        korean = json.loads(run(["--json", "status"], data, env={**KOREAN, **away}).stdout)
        english = json.loads(run(["--json", "status"], data, env={"TERN_LANG": "en", **away}).stdout)
        assert korean == english and korean["connection"] == "offline" and "cannot connect" in korean["reason"], korean
        human = run(["status"], data, env={**KOREAN, **away})
        assert "연결: 오프라인 (연결할 수 없습니다:" in human.stdout, human.stdout


def test_store_and_file_errors_read_korean():
    with DataDir() as data:
        # A directory where the database file goes: the store's refusal, from the file check.
        blocked = os.path.join(data.path, "blocked.db")
        os.mkdir(blocked)
        refused = run(["--store", blocked, "feed"], data, env=KOREAN)
        assert refused.returncode == 1
        assert refused.stderr == "tern: %s: 열 수 없습니다 (디렉터리입니다)\n" % blocked, refused.stderr
        # A file that is not a database.
        other = os.path.join(data.path, "notes.db")
        with open(other, "w") as file:
            file.write("these are my notes, not a database, and long enough to have a header\n" * 4)
        refused = run(["--store", other, "feed"], data, env=KOREAN)
        assert refused.returncode == 1 and "Tern 데이터베이스가 아닙니다" in refused.stderr, refused.stderr
        check_korean(refused, "not a database")
        # A team server that is not there: the engine's English is replaced by its code's line.
        unreachable = run(["--store", "postgres://127.0.0.1:1/tern", "feed"], data, env=KOREAN)
        assert unreachable.returncode == 1 and "연결할 수 없습니다" in unreachable.stderr, unreachable.stderr
        check_korean(unreachable, "unreachable server")
        # A favorites file with a bad row.
        bad = os.path.join(data.path, "bad.csv")
        with open(bad, "w") as file:
            file.write("name,latitude,longitude\n카페,north,127\n")
        assert run(["register", "--email", "a@example.com"], data, input=PASSWORD + "\n").returncode == 0
        imported = run(["favorites", "import", bad], data, env=KOREAN)
        assert imported.returncode == 1 and "아무것도 가져오지 않았습니다" in imported.stderr, imported.stderr
        check_korean(imported, "favorites import")
        # A file that cannot be written: the system's reason, by its errno.
        cannot = run(["favorites", "export", os.path.join(data.path, "missing", "f.csv")], data, env=KOREAN)
        assert cannot.returncode == 1 and "파일이나 디렉터리가 없습니다" in cannot.stderr, cannot.stderr
        check_korean(cannot, "favorites export")
        # A session file open to others.
        os.chmod(data.session, 0o644)
        opened = run(["whoami"], data, env=KOREAN)
        assert opened.returncode == 1 and "chmod 600" in opened.stderr and "세션 파일" in opened.stderr, opened.stderr
        check_korean(opened, "session file")


def test_guard_finds_english():
    """The guard itself: an English sentence is caught; names, paths and data are not."""
    assert english_left("the store is closed")
    assert english_left("Could not save 서울") == ["Could", "not", "save"]
    assert not english_left("저장소: /tmp/tern-e2e/tern.db")
    assert not english_left("tern favorites add PLACE_ID --folder NAME로 저장하세요")
    assert not english_left("기본값: FILE의 확장자")
    assert not english_left("서울 (Seoul) 저장함", ["Seoul"])


def test_help_headings_are_korean_and_value_names_stay_latin():
    """Headings and the usage line's `[전역 옵션]` are Korean; value names (N, LAT,LON, QUERY,
    POST_ID, COMMAND) are the same in both languages, and columns align by display width."""
    with DataDir() as data:
        korean = run(["--help"], data, env=KOREAN).stdout.splitlines()
        english = run(["--help"], data, env={"TERN_LANG": "en"}).stdout.splitlines()
        usage = [line for line in korean if "tern [전역 옵션]" in line or line.lstrip().startswith("tern help [")]
        assert usage[0].startswith("사용법: tern [전역 옵션]  "), usage
        assert any("tern [전역 옵션] COMMAND …" in line for line in usage), usage
        assert not any("GLOBAL OPTIONS" in line for line in korean)
        for heading in ("명령:", "전역 옵션:"):
            assert heading in korean, heading
        # The second column starts at one display column (Hangul counts two).
        def display_width(text):
            return sum(2 if "\u1100" <= c <= "\u115f" or "\u2e80" <= c <= "\ua4cf" or "\uac00" <= c <= "\ud7a3" else 1
                       for c in text)
        starts = {display_width(line[:re.search(r"(?<=[^ ])  +(?=[^ ])", line).end()]) for line in usage}
        assert len(starts) == 1, usage
        # In the usage lines (the help lines may word them otherwise).
        metavariables = re.compile(r"(?<![A-Za-z_])(N|LAT,LON|QUERY|POST_ID|PLACE_ID|FILE|DIR|NAME|TEXT|COMMAND)(?![A-Za-z_])")
        assert [metavariables.findall(line) for line in english if line.startswith("  tern ")] == \
               [metavariables.findall(line) for line in korean if line.startswith("  tern ")]
        assert [re.findall(r"--[a-z-]+ ([A-Z][A-Z_,|]*)", line) for line in english if line.startswith("  --")] == \
               [re.findall(r"--[a-z-]+ ([A-Z][A-Z_,|]*)", line) for line in korean if line.startswith("  --")]
