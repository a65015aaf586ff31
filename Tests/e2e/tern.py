"""Helpers for the end-to-end tests: run the real binary, or drive it in tmux."""
import os
import shutil
import subprocess
import tempfile
import time
import uuid

BIN = os.environ.get("TERN_BIN", "tern")


class DataDir:
    """A throwaway data directory and session file, removed afterwards."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="tern-e2e-")
        self.session = os.path.join(self.path, "state", "session")

    def env(self, **extra):
        env = dict(os.environ)
        env["TERN_DATA_DIR"] = self.path
        env["TERN_SESSION"] = self.session
        env["LANG"] = env.get("LANG") or "C.UTF-8"
        env.update(extra)
        return env

    def cleanup(self):
        shutil.rmtree(self.path, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()


def run(args, data=None, input=None, env=None, timeout=60):
    """Runs `tern ARGS` and returns the CompletedProcess (text mode)."""
    full_env = data.env() if data else dict(os.environ)
    if env:
        full_env.update(env)
    return subprocess.run([BIN, *args], input=input, capture_output=True, text=True,
                          env=full_env, timeout=timeout)


class Tmux:
    """The real binary in a detached tmux session of a given size."""

    def __init__(self, args, data, width=100, height=30, env=None):
        self.name = "tern-" + uuid.uuid4().hex[:8]
        # A socket of each session's own: a second interface on the same data directory must not
        # meet the first one's tmux server while it is still exiting.
        self.socket = os.path.join(data.path, f"tmux-{self.name}.sock")
        full_env = data.env(**{"TERM": "xterm-256color", **(env or {})})
        command = " ".join([quote(BIN), *[quote(a) for a in args]])
        env_prefix = " ".join(f"{k}={quote(v)}" for k, v in full_env.items()
                              if k.startswith(("TERN_", "LANG", "LC_", "NO_COLOR", "XDG_", "HOME", "TERM")))
        subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", "new-session", "-d",
                        "-s", self.name, "-x", str(width), "-y", str(height),
                        f"exec env {env_prefix} {command}"], check=True, env=full_env)

    def tmux(self, *args, check=True):
        return subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True,
                              text=True, check=check)

    def send(self, *keys):
        self.tmux("send-keys", "-t", self.name, *keys)

    def type(self, text):
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def screen(self):
        """The pane's text, once two captures in a row agree: tmux can capture a frame half
        drawn, its top rows new and its bottom rows not yet."""
        screen = self.capture()
        for _ in range(4):
            again = self.capture()
            if again == screen:
                break
            screen = again
        return screen

    def capture(self):
        return self.tmux("capture-pane", "-p", "-t", self.name).stdout

    def wait_for(self, text, timeout=10.0):
        """Waits until `text` is on the screen; returns the screen or raises with it."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def resize(self, width, height):
        self.tmux("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    def alive(self):
        return self.tmux("has-session", "-t", self.name, check=False).returncode == 0

    def kill(self):
        self.tmux("kill-server", check=False)


def quote(value):
    return "'" + str(value).replace("'", "'\\''") + "'"
