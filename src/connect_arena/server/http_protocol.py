"""The HTTP protocol the server runs under uvicorn: uvicorn's httptools protocol without the
reference cycle it leaves at each WebSocket upgrade.

Its parser calls back into the protocol (``HttpRequestParser(self)``: bound methods of it), and
the protocol holds the parser. uvicorn drops the parser when the connection is lost, but after
an upgrade the transport belongs to the WebSocket protocol, which gets that call instead: each
WebSocket then left ~28 objects in a cycle (the protocol, its parser, the transport, the flow
control). The garbage-collector policy (``gcpolicy.py``) freezes them while the socket is open,
so only its full collection, every 10 minutes, freed them, stopping the event loop for seconds
at 500 tables (``docs/scaling.md``, session 50). Here the parser is dropped once the WebSocket
protocol has taken over.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as UvicornHttpTools

PROTOCOL = "connect_arena.server.http_protocol:HttpToolsProtocol"
"""uvicorn's ``http`` setting naming :class:`HttpToolsProtocol` (an import string, so that
the worker processes of ``--workers`` import it too)."""


class HttpToolsProtocol(UvicornHttpTools):
    """uvicorn's httptools protocol, letting go of its parser after a WebSocket upgrade."""

    def handle_websocket_upgrade(self) -> None:
        """Hand the connection to the WebSocket protocol (uvicorn's), then drop the parser:
        nothing of this protocol runs on the connection any more."""
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]
