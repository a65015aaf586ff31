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
