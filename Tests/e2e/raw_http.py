"""Plain HTTP against the real binary, with full control of the request line and headers (no browser)."""

from __future__ import annotations

import http.client
import re
import socket
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class Answer:
    status: int
    headers: dict[str, list[str]]
    body: str

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[0] if values else None


@dataclass
class Client:
    """One visitor: keeps its cookies, sends forms with the CSRF token and a matching Origin."""

    address: str
    port: int
    host_header: str | None = None
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def host(self) -> str:
        if self.host_header is not None:
            return self.host_header
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
                hosts: list[str] | None = None) -> Answer:
        connection = http.client.HTTPConnection(self.address, self.port, timeout=30)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for host in (hosts if hosts is not None else [self.host]):
                connection.putheader("Host", host)
            if self.cookies:
                connection.putheader("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            collected: dict[str, list[str]] = {}
            for name, value in response.getheaders():
                collected.setdefault(name.lower(), []).append(value)
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for cookie in collected.get("set-cookie", []):
            pair = cookie.split(";", 1)[0]
            name, _, value = pair.partition("=")
            if "Max-Age=0" in cookie or not value:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return Answer(response.status, collected, text)

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post_form(self, path: str, fields: list[tuple[str, str]]) -> Answer:
        token = self.cookies.get("parsnip_csrf", "")
        body = urllib.parse.urlencode(fields + [("_csrf", token)]).encode()
        return self.request("POST", path, body, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"http://{self.host}",
        })


def network_address() -> str | None:
    """An IPv4 address of this computer that is not loopback, found by asking the routing table (nothing is sent)."""
    for probe in ("192.0.2.1", "10.255.255.255"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))
                address = s.getsockname()[0]
            except OSError:
                continue
            if address and not address.startswith("127."):
                return address
    return None


def heading(answer: Answer) -> str:
    found = re.search(r"<h1>(.*?)</h1>", answer.body, re.S)
    return found.group(1).strip() if found else ""
