"""HTTP errors as JSON: ``{"error": {"code", "message"}}`` with a fitting status."""

from __future__ import annotations

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from connect_arena.service import ErrorCode, ServiceError

STATUS = {
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.NOT_SEATED: 403,
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.STALE_SEQ: 409,
    ErrorCode.NOT_RUNNING: 409,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.CONFLICT: 409,
    ErrorCode.HINT_PENDING: 429,
    ErrorCode.BUSY: 503,
}


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


async def validation_error_handler(_request: Request, error: Exception) -> JSONResponse:
    """Answer a request body or parameter that does not validate."""
    assert isinstance(error, RequestValidationError)
    problems = "; ".join(
        f"{'.'.join(str(p) for p in problem['loc'] if p != 'body')}: {problem['msg']}"
        for problem in error.errors()[:5]
    )
    return error_response(422, "bad_request", problems or "invalid request")
