"""Korean, remapped keys and themes with the real binary: LANG=ko_KR.UTF-8 (installed or not)."""
import json
import os
import time

from tern import DataDir, Tmux, run
from test_accounts import register

KOREAN = {"LANG": "ko_KR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


def write_config(data, text):
    with open(os.path.join(data.path, "config"), "w") as config:
        config.write(text)


def hearts(screen):
    return [line for line in screen.splitlines() if "♡" in line or "♥" in line]


def test_korean_interface_with_a_remapped_like_key():
    with DataDir() as data:
        assert register(data, "mina@example.com").returncode == 0
        onboard = run(["profile", "set", "--display-name", "김민아", "--username", "mina"], data)
        assert onboard.returncode == 0, onboard.stderr
        write_config(data, "bind feed like = w\nunbind global q\nbind global quit = Q\n")
        ui = Tmux([], data, width=80, height=24, env=KOREAN)
        try:
            screen = ui.wait_for("1 장소  2 즐겨찾기  3 피드  4 프로필")
            ui.wait_for("☆ 상하이  (Shanghai)", timeout=60)  # the first run builds the catalog image
            ui.send("3")
            screen = ui.wait_for("w 좋아요")
            assert "Q 종료" in screen.splitlines()[-1], screen
            assert "분 전" in screen or "시간 전" in screen, screen
            first = hearts(screen)[0]
            assert "♡" in first
            ui.send("l")
            time.sleep(0.3)
            assert hearts(ui.screen())[0] == first, "l is no longer the like key"
            ui.send("w")
            deadline = time.monotonic() + 5
            while "♥" not in hearts(ui.screen())[0] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "♥" in hearts(ui.screen())[0], ui.screen()
            ui.send("?")
            screen = ui.wait_for("키 · 피드")
            assert any("│ w " in line and "좋아요" in line for line in screen.splitlines()), screen
            assert not any("│ l " in line for line in screen.splitlines()), screen
            ui.send("Escape")
            ui.send("q")
            time.sleep(0.3)
            assert ui.alive(), "q was unbound"
            ui.send("Q")
            deadline = time.monotonic() + 5
            while ui.alive() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not ui.alive(), "Q quits"
        finally:
            ui.kill()
        liked = json.loads(run(["feed", "--liked", "--json"], data).stdout)
        assert len(liked) == 1, "the like from the remapped key was saved"


def test_a_bad_binding_stops_with_file_and_line():
    with DataDir() as data:
        write_config(data, "theme = light\n\nbind feed like = q\n")
        result = run(["keys"], data)
        assert result.returncode == 1
        assert result.stderr.strip() == f"tern: {data.path}/config:3: q is bound to both quit (global) and like (feed)"
        write_config(data, "bind feed likes = w\n")
        result = run(["keys"], data)
        assert result.returncode == 1
        assert result.stderr.strip() == f"tern: {data.path}/config:1: unknown action \"likes\" (tern keys lists them)"


def test_tern_keys_lists_actions_and_the_command_line_speaks_korean():
    with DataDir() as data:
        write_config(data, "bind feed like = w, l\n")
        keys = run(["keys"], data)
        assert keys.returncode == 0, keys.stderr
        likes = [line.split() for line in keys.stdout.splitlines() if line.startswith("like ")]
        assert ["like", "feed", "w,", "l", "l"] in [words[:5] for words in likes], likes
        # A place's posts take the Feed's keys, so the rebinding reaches them too.
        assert ["like", "posts", "w,", "l", "l"] in [words[:5] for words in likes], likes
        rows = json.loads(run(["keys", "--json"], data).stdout)
        assert {"action": "like", "screen": "feed", "keys": ["w", "l"], "defaultKeys": ["l"], "help": "like"} in rows
        korean = run(["places", "search", "서울", "--limit", "1"], data, env=KOREAN)
        assert korean.stdout.splitlines() == ["1835848    ☆ 서울 (Seoul) · 서울, 대한민국", "1곳"], korean.stdout
        english = run(["places", "search", "서울", "--limit", "1"], data, env={"TERN_LANG": "en", **KOREAN})
        assert english.stdout.splitlines()[-1] == "1 place"
        refused = run(["like", "x"], data, env=KOREAN)
        assert refused.returncode == 1 and refused.stderr.strip() == "tern: 좋아요를 누르려면 로그인하세요"
        same = run(["feed", "--json", "--limit", "1"], data, env=KOREAN)
        assert set(json.loads(same.stdout)[0]) == {"id", "caption", "timestamp", "uid", "username", "displayName",
                                                    "likes", "didLike", "reposts", "didRepost", "didBookmark",
                                                    "replyTo", "replies", "repostedBy", "place"}
        bad = run(["feed"], data, env={"TERN_LANG": "fr"})
        assert bad.returncode == 1 and "TERN_LANG=fr: unknown language" in bad.stderr
