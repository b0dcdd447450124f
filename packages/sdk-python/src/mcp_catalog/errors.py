"""Errors raised by the client; every one carries the service's JSON error body."""

from typing import Any, Dict, Mapping, Optional


class ApiError(Exception):
    """A response with status 400 or above: `error` is the service's error code."""

    def __init__(self, status: int, body: Dict[str, Any], headers: Mapping[str, str]):
        self.status = status
        self.body = body
        self.headers = dict(headers)
        # /v0.1 answers with the official registry's problem bodies (title, status, detail).
        self.error = str(body.get("error") or body.get("title") or "http_error")
        self.next_actions = body.get("next_actions", [])
        super().__init__(f"{status} {self.error}")


class RateLimited(ApiError):
    """429 after the retries: rate_limited, daily_quota_exceeded or check_quota_exceeded."""

    def __init__(self, status: int, body: Dict[str, Any], headers: Mapping[str, str], retry_after: Optional[float]):
        super().__init__(status, body, headers)
        self.retry_after = retry_after


class CheckTimeout(Exception):
    """A check was still queued or running when the caller's time ran out."""

    def __init__(self, check: Dict[str, Any]):
        self.check = check
        super().__init__(f"check {check.get('id')} still {check.get('status')}")
