"""The interface in a locale that is not UTF-8 (LANG=C): ASCII borders and separators, `?`
for characters the locale cannot show, and nothing but ASCII on screen after any frame."""
import time

from tern import DataDir, Tmux


def non_ascii(screen):
    return sorted({c for c in screen if ord(c) > 0x7E})


def test_lang_c_draws_ascii_only():
    with DataDir() as data:
        ui = Tmux([], data, width=100, height=30, env={"LANG": "C", "LC_ALL": "C"})
        try:
            screen = ui.wait_for("Seoul")
            assert "- Seoul  (? ? )  Seoul, South Korea" in screen, screen
            assert not non_ascii(screen), (non_ascii(screen), screen)
            ui.send("?")
            screen = ui.wait_for("Keys")
            assert "+ Keys" in screen and "---+" in screen and "| /" in screen, screen
            assert not non_ascii(screen), (non_ascii(screen), screen)
            for key in ("Escape", "j", "j", "3", "2", "4", "1"):
                ui.send(key)
                time.sleep(0.2)
                screen = ui.screen()
                assert not non_ascii(screen), (key, non_ascii(screen), screen)
        finally:
            ui.kill()


def test_lang_c_draws_korean_folders_and_posts_one_question_mark_per_character():
    from test_accounts import register
    from test_folders import ok, JEJU, SEOUL
    with DataDir() as data:
        assert register(data, "walker@example.com").returncode == 0
        ok(["profile", "set", "--display-name", "김민수", "--username", "walker"], data)
        ok(["favorites", "folder", "create", "제주 여행"], data)
        ok(["favorites", "add", JEJU, "--folder", "제주 여행"], data)
        ok(["favorites", "add", SEOUL], data)
        ok(["post", "안녕하세요 서울"], data)
        ui = Tmux([], data, width=120, height=30, env={"LANG": "C", "LC_ALL": "C"})
        try:
            ui.wait_for("Seoul")
            ui.send("2")
            screen = ui.wait_for("Favorites (1)")
            # A wide character is `?` and a blank, whatever the screen drew there before.
            assert "o Favorites" in screen and "o ? ?  ? ? " in screen, screen
            assert "* Seoul  (? ? )  Seoul" in screen, screen
            assert not non_ascii(screen), (non_ascii(screen), screen)
            ui.send("3")
            screen = ui.wait_for("@walker -")
            assert "? ? ?  @walker" in screen and "  ? ? ? ? ?  ? ? " in screen, screen
            assert not non_ascii(screen), (non_ascii(screen), screen)
        finally:
            ui.kill()
