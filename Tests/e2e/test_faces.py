"""Faces (issue 32): a picture set with `tern profile set --avatar` is kept in the profile as
a small PNG data URL and drawn beside the author's posts in half blocks; a hostile picture is
refused with one line before anything is written; without colour the initials are drawn."""
import json
import os
import struct
import zlib

from tern import DataDir, Tmux, run

PASSWORD = "correct horse battery"


def png(width, height, color, claim=None):
    """A PNG file's bytes; `claim` (width, height) puts other sides in its header."""
    raw = b"".join(b"\0" + bytes(c for x in range(width) for c in color(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    sides = claim or (width, height)
    header = struct.pack(">IIBBBBB", sides[0], sides[1], 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def write(data, name, content):
    path = os.path.join(data.path, name)
    with open(path, "wb") as handle:
        handle.write(content)
    return path


def signed_in_author(data):
    assert run(["register", "--email", "mina@example.com"], data, input=PASSWORD + "\n").returncode == 0
    result = run(["profile", "set", "--display-name", "Mina Park", "--username", "mina"], data)
    assert result.returncode == 0, result.stderr


def whoami(data):
    result = run(["whoami", "--json"], data)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_picture_is_kept_as_a_small_png_and_none_removes_it():
    with DataDir() as data:
        signed_in_author(data)
        assert whoami(data)["avatar"] is None
        picture = write(data, "face.png", png(90, 60, lambda x, y: (255, 0, 0) if y < 30 else (0, 0, 255)))
        result = run(["profile", "set", "--avatar", picture], data)
        assert result.returncode == 0, result.stderr
        avatar = whoami(data)["avatar"]
        assert avatar.startswith("data:image/png;base64,") and len(avatar) < 8192, avatar
        os.remove(picture)
        assert whoami(data)["avatar"] == avatar, "the file is never needed again"
        assert run(["profile", "set", "--avatar", "none"], data).returncode == 0
        assert whoami(data)["avatar"] is None


def test_hostile_pictures_are_refused_with_one_line_and_change_nothing():
    with DataDir() as data:
        signed_in_author(data)
        good = write(data, "good.png", png(32, 32, lambda x, y: (x * 8, y * 8, 100)))
        assert run(["profile", "set", "--avatar", good], data).returncode == 0
        before = whoami(data)["avatar"]
        whole = png(64, 64, lambda x, y: (x ^ y, x, y))
        hostile = {
            "text.png": (b"hello, not a picture", "not a PNG or JPEG"),
            "huge.png": (png(2, 2, lambda x, y: (1, 2, 3), claim=(9000, 10)), "at most 8000"),
            "memory.png": (png(2, 2, lambda x, y: (1, 2, 3), claim=(6000, 6000)), "more than 64.0 MB"),
            "cut.png": (whole[: len(whole) // 2], "cut short or damaged"),
            "big.png": (whole + b"\0" * (5 * 1024 * 1024), "at most 5.0 MB"),
        }
        for name, (content, message) in hostile.items():
            result = run(["profile", "set", "--display-name", "Changed", "--avatar", write(data, name, content)], data)
            assert result.returncode == 1, (name, result)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and message in lines[0], (name, result.stderr)
        profile = whoami(data)
        assert profile["avatar"] == before and profile["displayName"] == "Mina Park"


def test_the_feed_draws_the_face_in_half_blocks_and_the_initials_without_colour():
    with DataDir() as data:
        signed_in_author(data)
        picture = write(data, "face.png", png(32, 32, lambda x, y: (255, 0, 0) if y < 16 else (0, 0, 255)))
        assert run(["profile", "set", "--avatar", picture], data).returncode == 0
        assert run(["post", "a post with a face"], data).returncode == 0

        # A 256-colour terminal gets the nearest of its colours (red 196, blue 21); true colour
        # needs a terminfo entry with direct colour (xterm-direct), which this machine lacks.
        for env, red, blue in [({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, "5;196", "5;21")]:
            ui = Tmux([], data, width=100, height=30, env=env)
            try:
                ui.send("3")
                screen = ui.wait_for("a post with a face")
                name_line = next(line for line in screen.splitlines() if "Mina Park @mina" in line)
                assert name_line.startswith("▀▀▀▀ Mina Park @mina"), screen
                # Under tmux (no kitty graphics through it) the header's face is half blocks too.
                assert screen.splitlines()[0].rstrip().endswith("▀▀ @mina"), screen
                colours = ui.tmux("capture-pane", "-p", "-e", "-t", ui.name).stdout
                face = next(line for line in colours.splitlines() if "Mina Park" in line)
                assert f"38;{red}" in face and f"48;{red}" in face, (env, face)
                below = colours.splitlines()[colours.splitlines().index(face) + 1]
                assert f"38;{blue}" in below and f"48;{blue}" in below, (env, below)
            finally:
                ui.kill()

        ui = Tmux([], data, width=100, height=30, env={"NO_COLOR": "1"})
        try:
            ui.send("3")
            screen = ui.wait_for("a post with a face")
            assert " MP  Mina Park @mina" in screen and "▀" not in screen, screen
            assert screen.splitlines()[0].rstrip().endswith("MP @mina"), screen
        finally:
            ui.kill()


def test_kitty_pictures_forced_under_tmux_leave_the_face_cells_blank():
    """`TERN_GRAPHICS=kitty` skips the question and places pictures; tmux drops them, so the
    screen shows the blank cells under each face, and the interface works as ever."""
    with DataDir() as data:
        signed_in_author(data)
        picture = write(data, "face.png", png(32, 32, lambda x, y: (255, 0, 0) if y < 16 else (0, 0, 255)))
        assert run(["profile", "set", "--avatar", picture], data).returncode == 0
        assert run(["post", "a post with a face"], data).returncode == 0
        ui = Tmux([], data, width=100, height=30, env={"TERN_GRAPHICS": "kitty"})
        try:
            ui.send("3")
            screen = ui.wait_for("a post with a face")
            name_line = next(line for line in screen.splitlines() if "Mina Park @mina" in line)
            assert name_line.startswith("     Mina Park @mina"), screen
            assert "▀" not in screen and screen.splitlines()[0].rstrip().endswith("   @mina"), screen
            ui.send("j")
            ui.send("k")
            screen = ui.wait_for("a post with a face")
            assert "Mina Park @mina" in screen, screen
        finally:
            ui.kill()

