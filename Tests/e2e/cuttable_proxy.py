"""A small TCP proxy between Parsnip and PostgreSQL that a journey cuts and restores: the network between them going
down and coming back.

`cut()` closes every connection through it and refuses new ones (closed as soon as they are accepted), as a dropped
link that resets; `restore()` lets connections through again. `cut_at_next_commit()` cuts at the COMMIT of the next
write transaction (a connection that took Parsnip's write lock, `pg_advisory_xact_lock`), before the COMMIT reaches
the server: the transaction's statements ran, its COMMIT never arrived, so PostgreSQL rolls it back — a save cut
half-way.
"""

from __future__ import annotations

import socket
import threading


class _Pair:
    """One client connection and its connection to the server."""

    def __init__(self, client: socket.socket, server: socket.socket):
        self.client = client
        self.server = server
        self.in_write = False

    def close(self) -> None:
        for sock in (self.client, self.server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()


class CuttableProxy:
    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.pairs: set[_Pair] = set()
        self.is_cut = False
        self.trap_armed = False
        self.trap_fired = threading.Event()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                refused = self.is_cut
            if refused:
                client.close()
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
                server.settimeout(None)
            except OSError:
                client.close()
                continue
            pair = _Pair(client, server)
            with self.lock:
                self.pairs.add(pair)
            threading.Thread(target=self._pump, args=(pair, client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(pair, server, client, False), daemon=True).start()

    def _pump(self, pair: _Pair, source: socket.socket, sink: socket.socket, from_client: bool) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if from_client and self._trapped(pair, data):
                    self.cut()
                    return
                sink.sendall(data)
        except OSError:
            pass
        with self.lock:
            self.pairs.discard(pair)
        pair.close()

    def _trapped(self, pair: _Pair, data: bytes) -> bool:
        """True when `data` is the COMMIT of a write transaction and the trap is armed."""
        with self.lock:
            if not self.trap_armed:
                return False
            if b"pg_advisory_xact_lock" in data:
                pair.in_write = True
            if pair.in_write and b"COMMIT" in data:
                self.trap_armed = False
                self.trap_fired.set()
                return True
            return False

    def cut(self) -> None:
        """Drops every connection now and refuses new ones until `restore()`."""
        with self.lock:
            self.is_cut = True
            pairs, self.pairs = self.pairs, set()
        for pair in pairs:
            pair.close()

    def restore(self) -> None:
        with self.lock:
            self.is_cut = False

    def cut_at_next_commit(self) -> None:
        with self.lock:
            self.trap_armed = True
            self.trap_fired.clear()
            for pair in self.pairs:
                pair.in_write = False

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        self.cut()
