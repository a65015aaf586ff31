"""The delay/cut proxy (Tests/netproxy/delay_proxy.py) in front of a TCP server, for the e2e tests.

    with DelayProxy(target_port, delay_ms=200) as proxy:
        url = proxy.postgres_url("tern_e2e_x")   # the database, reached through the proxy
        proxy.delay(50); proxy.cut(); proxy.restore()
"""
import os
import signal
import socket
import subprocess
import sys
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
PROXY = os.path.join(HERE, "..", "netproxy", "delay_proxy.py")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cluster_port():
    """The throwaway cluster's TCP port (scripts/with-postgres.sh); failing without it, never skipping."""
    url = os.environ.get("TERN_TEST_POSTGRES")
    assert url, "TERN_TEST_POSTGRES is not set: run the e2e tests under scripts/with-postgres.sh"
    parsed = urlparse(url)
    return int(parsed.port or parse_qs(parsed.query)["port"][0])


class DelayProxy:
    """The proxy as a child process; failing to start fails the test (never a silent skip)."""

    def __init__(self, target_port=None, delay_ms=0):
        self.target_port = target_port if target_port is not None else cluster_port()
        for _attempt in range(5):  # a free port may be taken before the proxy binds it
            self.port, self.control_port = free_port(), free_port()
            self.process = subprocess.Popen(
                [sys.executable, PROXY, "--listen", "127.0.0.1:%d" % self.port,
                 "--target", "127.0.0.1:%d" % self.target_port,
                 "--control", "127.0.0.1:%d" % self.control_port, "--delay-ms", str(delay_ms)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            line = self.process.stdout.readline()
            if line.strip() == "ready":
                return
            self.process.wait()
        raise AssertionError("the delay proxy did not start: %s" % self.process.stderr.read())

    def command(self, line):
        with socket.create_connection(("127.0.0.1", self.control_port), timeout=10) as s:
            s.sendall((line + "\n").encode())
            answer = s.makefile().readline().strip()
        assert answer == "ok", (line, answer)

    def delay(self, milliseconds):
        self.command("delay %d" % milliseconds)

    def cut(self):
        self.command("cut")

    def restore(self):
        self.command("restore")

    def postgres_url(self, database):
        """A store URL for `database` on the cluster, through the proxy (no user: Tern signs in)."""
        return "postgresql://127.0.0.1:%d/%s" % (self.port, database)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
