"""Errors the client raises. Every answer with status 400 or above is an ApiError (a subclass per
kind of status), carrying the service's error code, a message built from the body and the body.

    try:
        client.search("weather", limit=500)
    except BadRequest as e:
        str(e)            # '400 bad_request: limit: Too big: expected number to be <=50'
        e.code            # 'bad_request'
        e.field_errors    # {'limit': ['Too big: expected number to be <=50']}

/v1 errors are `{error, ...details, next_actions}` (details: `reason` of 401/403/409 and
invalid_url, `issues.fieldErrors` of 400, `retry_after` of 429/503, `scope`, `deleted_at`,
`request_id`). /v0.1 answers the official registry's problem bodies `{title, status, detail,
errors}`: `code` is then the title ("Not Found", "Unprocessable Entity").
"""

from typing import Any, Dict, List, Mapping, Optional, Tuple, Type

from .models import Check, NextAction

Json = Dict[str, Any]


class CatalogError(Exception):
    """Base of every error this package raises."""


class ApiError(CatalogError):
    """A response with status 400 or above.

    status: the HTTP status. code: the body's `error` (a problem's `title` on /v0.1).
    message: what the body says beyond the code (reason, field errors, problem detail), "" if
    nothing. reason: the body's `reason`, when it has one. field_errors / form_errors: a 400's
    `issues`. problems: a /v0.1 problem's `errors` ({message, location, value}). retry_after:
    seconds to wait (the retry-after header, else the body's). next_actions: what to do instead.
    body: the JSON body as it came; headers: the response headers, lower-cased.
    """

    def __init__(
        self,
        status: int,
        body: Mapping[str, Any],
        headers: Optional[Mapping[str, str]] = None,
        retry_after: Optional[float] = None,
    ):
        self.status = status
        self.body: Json = dict(body)
        self.headers: Dict[str, str] = dict(headers or {})
        self.is_problem = "error" not in self.body and "title" in self.body
        self.code = str(self.body.get("error") or self.body.get("title") or "http_error")
        reason = self.body.get("reason")
        self.reason: Optional[str] = reason if isinstance(reason, str) else None
        issues = self.body.get("issues")
        issues = issues if isinstance(issues, Mapping) else {}
        self.field_errors: Dict[str, List[str]] = {
            str(k): [str(m) for m in v] if isinstance(v, list) else [str(v)]
            for k, v in (issues.get("fieldErrors") or {}).items()
        }
        self.form_errors: List[str] = [str(m) for m in issues.get("formErrors") or []]
        self.problems: List[Json] = [e for e in self.body.get("errors") or [] if isinstance(e, Mapping)]
        if retry_after is None:
            from_body = self.body.get("retry_after")
            retry_after = float(from_body) if isinstance(from_body, (int, float)) else None
        self.retry_after: Optional[float] = retry_after
        request_id = self.body.get("request_id")
        self.request_id: Optional[str] = request_id if isinstance(request_id, str) else None
        actions = self.body.get("next_actions")
        self.next_actions: Tuple[NextAction, ...] = tuple(
            NextAction.from_dict(a) for a in (actions if isinstance(actions, list) else []) if isinstance(a, Mapping)
        )
        self.message = self._describe()
        super().__init__(self.__str__())

    @property
    def error(self) -> str:
        """The error code (the same as `code`)."""
        return self.code

    def __str__(self) -> str:
        return "{} {}: {}".format(self.status, self.code, self.message) if self.message else "{} {}".format(self.status, self.code)

    def __repr__(self) -> str:
        return "{}({!r})".format(type(self).__name__, str(self))

    def _describe(self) -> str:
        body = self.body
        parts: List[str] = []
        if self.is_problem:
            if body.get("detail"):
                parts.append(str(body["detail"]))
            for problem in self.problems:
                text = str(problem.get("message") or "invalid")
                where = problem.get("location")
                item = "{}: {}".format(where, text) if where else text
                if item not in parts:
                    parts.append(item)
        else:
            if self.reason:
                parts.append(self.reason)
            for name, messages in self.field_errors.items():
                parts.append("{}: {}".format(name, "; ".join(messages)))
            parts.extend(self.form_errors)
            if body.get("scope"):
                parts.append("scope {}".format(body["scope"]))
            if body.get("deleted_at"):
                parts.append("deleted at {}".format(body["deleted_at"]))
            if body.get("error") == "invalid_response" and body.get("text"):
                parts.append("not JSON: {}".format(body["text"]))
        if self.retry_after is not None:
            parts.append("retry after {:g}s".format(self.retry_after))
        if self.request_id:
            parts.append("request id {}".format(self.request_id))
        return "; ".join(parts)


class BadRequest(ApiError):
    """400 bad_request (see field_errors) or invalid_url (see reason); a /v0.1 400 or 422 problem."""


class Unauthorized(ApiError):
    """401 invalid_api_key: the key sent is malformed, unknown or revoked (`reason` says which)."""


class Forbidden(ApiError):
    """403, e.g. blocked: the operators blocked this server (`reason` says why)."""


class NotFound(ApiError):
    """404: server_not_found, check_not_found, not_found; a /v0.1 "Not Found" problem."""


class Conflict(ApiError):
    """409 no_connection: no config can be given for this target (`reason` says why)."""


class Gone(ApiError):
    """410 deleted: the registry marked this server deleted (body's deleted_at)."""


class RateLimited(ApiError):
    """429 after the retries: rate_limited, daily_quota_exceeded or check_quota_exceeded."""


class ServerError(ApiError):
    """500 and above: internal (with request_id), or an unexpected answer."""


class ServiceUnavailable(ServerError):
    """503 service_unavailable or search_unavailable after the retries; retry after retry_after."""


_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    410: Gone,
    422: BadRequest,
    429: RateLimited,
    503: ServiceUnavailable,
}


def error_for(
    status: int,
    body: Mapping[str, Any],
    headers: Optional[Mapping[str, str]] = None,
    retry_after: Optional[float] = None,
) -> ApiError:
    """The ApiError subclass for a status, built from the response."""
    kind = _BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    return kind(status, body, headers, retry_after)


class CheckTimeout(CatalogError):
    """A check was still queued or running when the caller's time ran out; `check` is its last state."""

    def __init__(self, check: Check):
        self.check = check
        super().__init__("check {} still {}".format(check.id, check.status))
