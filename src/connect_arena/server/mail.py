"""Sending e-mail through one SMTP server, configured by one URL
(``CONNECT_ARENA_SMTP_URL``; ``docs/operations.md``):

* ``smtp://host:25`` — plain SMTP (a local relay);
* ``smtp://user:password@host:587?starttls=1`` — submission with STARTTLS;
* ``smtps://user:password@host:465`` — SMTP over TLS;
* ``?from=arena@example.org`` sets the sender (default ``connect-arena@<host>``).

The standard library's :mod:`smtplib` sends, in a worker thread (a slow server never holds up
the event loop). Without a URL the site has no e-mail and says so.
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

TIMEOUT = 20.0
"""Seconds an SMTP exchange may take."""


@dataclass(frozen=True, slots=True)
class Mailer:
    """Where and how mail goes.

    Attributes:
        host, port: the SMTP server.
        tls: ``"none"``, ``"starttls"`` or ``"tls"`` (SMTP over TLS).
        user, password: the login, when the server asks for one.
        sender: the ``From`` address.
    """

    host: str
    port: int
    tls: str = "none"
    user: str | None = None
    password: str | None = None
    sender: str = "connect-arena@localhost"

    @classmethod
    def from_url(cls, url: str) -> Mailer:
        """The mailer of an ``smtp://`` or ``smtps://`` URL.

        Raises:
            ValueError: another scheme, or no host.
        """
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(
                "CONNECT_ARENA_SMTP_URL must look like smtp://host:25 or "
                "smtps://user:password@host:465 (docs/operations.md)"
            )
        query = parse_qs(parts.query)
        secure = parts.scheme == "smtps"
        starttls = query.get("starttls", ["0"])[0].lower() in ("1", "true", "yes")
        return cls(
            host=parts.hostname,
            port=parts.port or (465 if secure else 25),
            tls="tls" if secure else "starttls" if starttls else "none",
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=query.get("from", [f"connect-arena@{parts.hostname}"])[0],
        )

    def _send(self, message: EmailMessage) -> None:
        context = ssl.create_default_context()
        server: smtplib.SMTP
        if self.tls == "tls":
            server = smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT, context=context)
        else:
            server = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT)
        with server:
            if self.tls == "starttls":
                server.starttls(context=context)
            if self.user:
                server.login(self.user, self.password or "")
            server.send_message(message)

    async def send(self, to: str, subject: str, text: str) -> None:
        """Send a plain-text message to ``to``.

        Raises:
            smtplib.SMTPException, OSError: the server refused or could not be reached.
        """
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        await asyncio.to_thread(self._send, message)
