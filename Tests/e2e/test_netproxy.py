"""The delay/cut proxy itself: it relays, adds the round trip asked for, and a cut refuses."""
import signal
import socket
import subprocess
import threading
import time

from netproxy import DelayProxy


class EchoServer:
    """A loopback TCP server that sends every byte back."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen()
        self.port = self.socket.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            threading.Thread(target=self.echo, args=(connection,), daemon=True).start()

    @staticmethod
    def echo(connection):
        with connection:
            while True:
                try:
                    data = connection.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                connection.sendall(data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.socket.close()


def round_trip(connection, payload=b"ping"):
    started = time.monotonic()
    connection.sendall(payload)
    received = b""
    while len(received) < len(payload):
        chunk = connection.recv(65536)
        assert chunk, "the proxy closed the connection"
        received += chunk
    assert received == payload
    return time.monotonic() - started


def test_relays_adds_the_delay_and_cut_refuses():
    with EchoServer() as echo, DelayProxy(echo.port, delay_ms=0) as proxy:
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as connection:
            big = bytes(range(256)) * 4096  # 1 MiB arrives whole and in order
            assert round_trip(connection, big) < 5
            assert round_trip(connection) < 0.1

            proxy.delay(200)
            took = round_trip(connection)
            assert 0.19 <= took < 0.6, took
            # Pipelined: ten messages sent at once take one round trip, not ten.
            took = round_trip(connection, b"x" * 10)
            assert took < 0.6, took

            proxy.cut()
            connection.settimeout(2)
            try:
                ended = connection.recv(1) == b""
            except ConnectionError:
                ended = True
            assert ended, "a cut closes the relayed connections"
        try:
            socket.create_connection(("127.0.0.1", proxy.port), timeout=2).close()
            refused = False
        except ConnectionRefusedError:
            refused = True
        assert refused, "a cut refuses new connections"

        proxy.restore()
        proxy.delay(0)
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as connection:
            assert round_trip(connection) < 0.1


def test_postgres_through_the_proxy():
    with DelayProxy(delay_ms=100) as proxy:
        url = "postgresql://tern_admin@127.0.0.1:%d/tern_test" % proxy.port
        started = time.monotonic()
        result = subprocess.run(["psql", url, "-X", "-A", "-t", "-c", "SELECT 40 + 2"],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0 and result.stdout.strip() == "42", result.stderr
        assert time.monotonic() - started >= 0.2, "a startup and a query take at least two round trips"
        proxy.cut()
        result = subprocess.run(["psql", url, "-X", "-c", "SELECT 1"], capture_output=True, text=True, timeout=30)
        assert result.returncode != 0 and "refused" in result.stderr, result.stderr


def test_sigterm_ends_the_proxy_at_once_with_connections_open():
    with EchoServer() as echo:
        # Started with SIGTERM blocked, as a test runner's thread may hand it down.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            proxy = DelayProxy(echo.port, delay_ms=200)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
        relayed = [socket.create_connection(("127.0.0.1", proxy.port), timeout=5) for _ in range(3)]
        for connection in relayed:
            connection.sendall(b"on its way")
        idle_control = socket.create_connection(("127.0.0.1", proxy.control_port), timeout=5)
        time.sleep(0.1)
        started = time.monotonic()
        proxy.process.send_signal(signal.SIGTERM)
        try:
            proxy.process.wait(timeout=5)
        finally:
            proxy.stop()
            for connection in relayed + [idle_control]:
                connection.close()
        took = time.monotonic() - started
        assert took < 1, f"the proxy took {took:.2f}s to exit after SIGTERM"
        assert proxy.process.returncode == 0
        assert proxy.process.stderr.read() == "", "it exits quietly"
