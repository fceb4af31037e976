"""HTTP errors as JSON: ``{"error": {"code", "message"}}`` with a fitting status."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from connect_arena.service import ErrorCode, ServiceError

STATUS = {
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.NOT_SEATED: 403,
    ErrorCode.BLOCKED: 403,
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.STALE_SEQ: 409,
    ErrorCode.NOT_RUNNING: 409,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.CONFLICT: 409,
    ErrorCode.HINT_PENDING: 429,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.BUSY: 503,
}

HTTP_CODES = {
    400: "bad_request",
    401: "not_signed_in",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    429: "rate_limited",
}
"""Codes of the errors Starlette raises itself (unknown routes, wrong methods...)."""


class ApiError(Exception):
    """An error answered as JSON.

    Args:
        status: the HTTP status.
        code: a machine-readable code.
        message: what went wrong, for people.
        headers: extra response headers (e.g. ``Retry-After``).
    """

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The JSON error response."""
    body = {"error": {"code": code, "message": message}}
    return JSONResponse(body, status_code=status, headers=headers)


async def api_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer an :class:`ApiError`."""
    assert isinstance(error, ApiError)
    return error_response(error.status, error.code, error.message, error.headers)


async def service_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer a :class:`ServiceError` from the match service."""
    assert isinstance(error, ServiceError)
    return error_response(STATUS.get(error.code, 400), error.code.value, error.message)


def _problem(problem: dict[str, Any]) -> str:
    """One validation problem as ``field: what is wrong``."""
    if problem.get("type") == "json_invalid":
        return "the body is not valid JSON"
    where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
    return f"{where or 'body'}: {problem['msg']}"


async def validation_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer a request body or parameter that does not validate (422 ``bad_request``)."""
    assert isinstance(error, RequestValidationError)
    problems = "; ".join(_problem(problem) for problem in error.errors()[:5])
    return error_response(422, "bad_request", problems or "invalid request")


async def http_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer Starlette's own errors (404 for an unknown route, 405 for a wrong method, ...)
    in the API's shape, keeping their headers (``Allow``)."""
    assert isinstance(error, HTTPException)
    code = HTTP_CODES.get(error.status_code, "error")
    headers = dict(error.headers) if error.headers else None
    return error_response(error.status_code, code, str(error.detail), headers)


async def internal_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer an unexpected failure (500 ``internal``) without details; the traceback is
    logged (Starlette re-raises the exception after this answer)."""
    return error_response(500, "internal", "the server failed: try again later")
