"""A local SMTP server for the e-mail tests (aiosmtpd): what it received, and the token of a
link in a message. The ``inbox`` fixture (``tests/server/conftest.py``) runs one."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller

from tests.server.live import free_port


class Inbox:
    """What the local SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]


def link(message: Message, path: str) -> str:
    """The ``token`` of the link to ``path`` in ``message``'s body."""
    body = message.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = re.search(rf"https?://\S+{path}\?token=(\S+)", body.decode())
    assert found, body
    return found.group(1)


@contextmanager
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    """A local SMTP server on a free port while the block runs: its inbox and port."""
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()
