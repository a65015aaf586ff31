"""Tern on a far team server: the delay proxy (Tests/netproxy) between the interface and the
throwaway cluster adds a round trip, and the interface must not wait on it.

Needs the cluster of scripts/with-postgres.sh (TERN_TEST_POSTGRES); fails without it.
"""
import json
import time

from netproxy import DelayProxy
from tern import DataDir, Tmux
from test_server import Server


def far(server, proxy):
    """Points the server's people at the proxy instead of the cluster itself."""
    server.env = {"TERN_STORE": proxy.postgres_url(server.name)}


def wait_until(ui, predicate, timeout=10.0):
    """Waits until `predicate(screen)` holds; returns the screen and the seconds it took."""
    started = time.monotonic()
    screen = ""
    while time.monotonic() - started < timeout:
        screen = ui.screen()
        if predicate(screen):
            return screen, time.monotonic() - started
        time.sleep(0.01)
    raise AssertionError(f"the screen never matched; it was:\n{screen}")


def heart_line(screen):
    return next((line for line in screen.splitlines() if "♥" in line or "♡" in line), "")


def test_a_like_through_200ms_shows_pending_at_once_and_keys_are_answered_meanwhile():
    with Server() as server, DelayProxy() as proxy, DataDir() as ann:
        far(server, proxy)
        server.register(ann, "ann@example.com", "ann")
        assert server.tern(["post", "a post far away"], ann).returncode == 0
        ui = Tmux([], ann, env=server.env)
        try:
            ui.send("3")
            ui.wait_for("a post far away")
            ui.wait_for("♡ 0")
            proxy.delay(200)
            time.sleep(0.5)  # polls under way finish at the new latency
            pressed = time.monotonic()
            ui.send("l")
            screen, pending = wait_until(ui, lambda s: "♥ 1 ◌" in heart_line(s))
            assert pending < 0.2, f"the pending heart took {pending:.3f}s, more than a round trip"
            assert "◌ pending" in screen.splitlines()[-1], "the footer explains the mark"
            # A key typed while the like is on its way is answered at once.
            ui.send("?")
            screen, helped = wait_until(ui, lambda s: "Keys · Feed" in s)
            assert helped < 0.2, f"the help overlay took {helped:.3f}s while a write was on its way"
            ui.send("?")
            screen, _ = wait_until(ui, lambda s: "Keys · Feed" not in s and "♥ 1" in heart_line(s))
            screen, _ = wait_until(ui, lambda s: heart_line(s).strip() == "♥ 1")
            confirmed = time.monotonic() - pressed
            assert confirmed >= 0.2, f"confirmed after {confirmed:.3f}s: the round trip was not in the way"
        finally:
            ui.kill()
        proxy.delay(0)
        assert server.feed(ann)[0]["likes"] == 1
        assert [post["caption"] for post in server.feed(ann, "--liked")] == ["a post far away"]
