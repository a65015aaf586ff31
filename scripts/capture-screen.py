#!/usr/bin/env python3
"""Prints a text capture of the real interface, as the README shows it.

    scripts/capture-screen.py BINARY places   # 100x20, `/` then ㅅㅇ and Enter
    scripts/capture-screen.py BINARY feed     # 80x20, the Feed tab

The binary runs in tmux on a new data directory (the shipped catalog and the sample
community, whose posts are dated relative to that moment), with LANG=C.UTF-8.
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))

SCREENS = {
    "places": (100, 20, [("keys", "/"), ("text", "ㅅㅇ"), ("keys", "Enter")], "1 / 216 matches"),
    "feed": (80, 20, [("keys", "3")], "Feed · All posts"),
}


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[2] not in SCREENS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    os.environ["TERN_BIN"] = os.path.abspath(sys.argv[1])
    import tern  # reads TERN_BIN when imported

    width, height, steps, settled = SCREENS[sys.argv[2]]
    with tern.DataDir() as data:
        session = tern.Tmux([], data, width=width, height=height, env={"LANG": "C.UTF-8"})
        try:
            session.wait_for("Places", timeout=30)
            time.sleep(1)
            for kind, value in steps:
                session.type(value) if kind == "text" else session.send(value)
                time.sleep(0.3)
            session.wait_for(settled, timeout=30)
            time.sleep(0.5)
            print(session.screen().rstrip("\n"))
        finally:
            session.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
