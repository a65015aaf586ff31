#!/usr/bin/env python3
"""A TCP relay that adds latency and can cut every connection, for Tern's network tests.

    delay_proxy.py --listen 127.0.0.1:PORT --target 127.0.0.1:PGPORT --control 127.0.0.1:CPORT [--delay-ms N]

Every byte is relayed with N/2 ms added each way (N ms of round trip); bytes keep their
order and a slow link does not slow the throughput, only the latency. The control port
takes one line per connection and answers `ok`:

    delay N    the round trip from now on, in milliseconds
    cut        close every relayed connection and refuse new ones (the port stops listening)
    restore    listen and relay again

Prints `ready` on stdout once both ports listen. SIGTERM or SIGINT closes every connection
and exits at once, whatever is open or half-way (a parent that blocks SIGTERM in the
signal mask it hands down does not stop that). Python 3 standard library only.
"""
import argparse
import asyncio
import signal
import sys


def address(text):
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError("expected HOST:PORT, got %r" % text)
    return host, int(port)


class Link:
    """One relayed connection: the client's socket and the target's, both ways delayed."""

    def __init__(self, proxy, client_reader, client_writer, target_reader, target_writer):
        self.proxy = proxy
        self.writers = (client_writer, target_writer)
        self.tasks = []
        for reader, writer in ((client_reader, target_writer), (target_reader, client_writer)):
            queue = asyncio.Queue()
            self.tasks.append(asyncio.ensure_future(self.read(reader, queue)))
            self.tasks.append(asyncio.ensure_future(self.deliver(queue, writer)))

    async def read(self, reader, queue):
        loop = asyncio.get_running_loop()
        try:
            while True:
                data = await reader.read(65536)
                # Each chunk leaves at the time it arrived plus half the round trip, so order holds.
                queue.put_nowait((loop.time() + self.proxy.delay_ms / 2000.0, data))
                if not data:
                    return
        except (ConnectionError, OSError):
            queue.put_nowait((loop.time(), b""))

    async def deliver(self, queue, writer):
        loop = asyncio.get_running_loop()
        try:
            while True:
                due, data = await queue.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        self.close()

    def close(self):
        """Closes both sockets at once (either side ending ends the link, as a dropped network would)."""
        if self not in self.proxy.links:
            return
        self.proxy.links.discard(self)
        for writer in self.writers:
            writer.transport.abort()
        current = asyncio.current_task()
        for task in self.tasks:
            if task is not current:
                task.cancel()


class Proxy:
    def __init__(self, listen, target, delay_ms):
        self.listen = listen
        self.target = target
        self.delay_ms = delay_ms
        self.links = set()
        self.server = None

    async def start(self):
        self.server = await asyncio.start_server(self.accept, *self.listen, reuse_address=True)

    async def accept(self, client_reader, client_writer):
        try:
            target_reader, target_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.transport.abort()
            return
        if self.server is None:  # cut while connecting
            target_writer.transport.abort()
            client_writer.transport.abort()
            return
        self.links.add(Link(self, client_reader, client_writer, target_reader, target_writer))

    async def cut(self):
        if self.server is not None:
            self.server.close()
            self.server = None
        for link in list(self.links):
            link.close()

    async def restore(self):
        if self.server is None:
            await self.start()

    async def control(self, reader, writer):
        try:
            words = (await reader.readline()).decode("utf-8", "replace").split()
            answer = "ok"
            if words == ["cut"]:
                await self.cut()
            elif words == ["restore"]:
                await self.restore()
            elif len(words) == 2 and words[0] == "delay" and words[1].isdigit():
                self.delay_ms = int(words[1])
            else:
                answer = "error: expected `delay N`, `cut` or `restore`"
            writer.write((answer + "\n").encode())
            await writer.drain()
        except (ConnectionError, OSError) as error:
            print("delay_proxy: control: %s" % error, file=sys.stderr)
        except asyncio.CancelledError:
            pass  # shutting down with this connection still open
        finally:
            writer.close()


async def serve(args):
    proxy = Proxy(args.listen, args.target, args.delay_ms)
    await proxy.start()
    control = await asyncio.start_server(proxy.control, *args.control, reuse_address=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print("ready", flush=True)
    await stop.wait()
    control.close()
    await proxy.cut()
    # What is still under way (a control connection that sent nothing, a target being
    # connected to) ends now rather than being waited for.
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


def main():
    parser = argparse.ArgumentParser(description="A TCP relay adding latency, able to cut every connection.")
    parser.add_argument("--listen", type=address, required=True, help="HOST:PORT to accept connections on")
    parser.add_argument("--target", type=address, required=True, help="HOST:PORT to relay them to")
    parser.add_argument("--control", type=address, required=True, help="HOST:PORT taking `delay N`, `cut`, `restore`")
    parser.add_argument("--delay-ms", type=int, default=0, help="round trip added, in milliseconds (default 0)")
    args = parser.parse_args()
    if args.delay_ms < 0:
        parser.error("--delay-ms must be 0 or more")
    # A parent may hand down a signal mask that blocks SIGTERM (threads of a test runner do).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    try:
        asyncio.run(serve(args))
    except OSError as error:
        print("delay_proxy: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
