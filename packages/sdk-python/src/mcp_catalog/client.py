"""The catalog client: one method per REST endpoint, plus the check flow (start, poll, wait).

The methods are generated from the operations' declarations (_operations.py, by
scripts/methods.mjs); written here are the transport, `search` and the helpers built on them.
Every method returns a typed result (see models.py) and raises an ApiError subclass (see
errors.py) for an answer with status 400 or above.
"""

import email.utils
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterable, Iterator, Mapping, Optional, Union

from ._operations import GeneratedClient
from .errors import CheckTimeout, error_for
from .models import Check, SearchResponse, Tool

from ._version import __version__

# Statuses that say "wait retry-after seconds and try again".
_RETRYABLE = (429, 503)

_FROM_ENVIRONMENT = object()

Json = Dict[str, Any]
ResponseHook = Callable[[int, Mapping[str, str]], None]


class CatalogClient(GeneratedClient):
    """A client of the catalog's REST API.

    api_key: a `svc_` key. When omitted (or None) the environment variable SERVICE_API_KEY is used;
    an explicit value overrides it, and an empty string sends no key at all.
    base_url: defaults to SERVICE_BASE_URL, else http://localhost:8080.
    A 429, or a 503 (the service's database or Redis away), is retried up to `max_retries` times
    after its retry-after, unless that is longer than `max_retry_wait` seconds (a used-up daily
    quota is raised at once).
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Any = _FROM_ENVIRONMENT,
        *,
        timeout: float = 60.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        on_response: Optional[ResponseHook] = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.base_url = (base_url or os.environ.get("SERVICE_BASE_URL") or "http://localhost:8080").rstrip("/")
        if api_key is _FROM_ENVIRONMENT or api_key is None:
            api_key = os.environ.get("SERVICE_API_KEY", "")
        self._api_key: str = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.on_response = on_response
        self._sleep = sleep

    @property
    def sends_key(self) -> bool:
        return self._api_key != ""

    # --- search (its filters as Python names them, lists comma-joined) and the tools ---------

    def search(
        self,
        q: Optional[str] = None,
        *,
        intents: Optional[Iterable[str]] = None,
        detail: Optional[str] = None,
        limit: Optional[int] = None,
        classes: Optional[Iterable[str]] = None,
        transport: Optional[str] = None,
        access: Optional[Iterable[str]] = None,
        category: Optional[str] = None,
        min_trust: Optional[int] = None,
        flags: Optional[Iterable[str]] = None,
        exclude_flags: Optional[Iterable[str]] = None,
        max_tokens: Optional[int] = None,
    ) -> SearchResponse:
        """GET /v1/search: servers for an intent in plain words, trust-ranked, grouped by server.

        `intents` are the task's steps (1 to 8): each is answered on its own (the answer's
        `intents`) and `results` merges them; `q` may then be left out. `detail` is "full"
        (default), "summary" (name, one line, matched tool names) or "names".
        """
        return SearchResponse.from_dict(self._get(
            "/v1/search",
            q=q,
            intents=None if intents is None else [intents] if isinstance(intents, str) else list(intents),
            detail=detail,
            limit=limit,
            **{"class": _comma(classes)},
            transport=transport,
            access=_comma(access),
            category=category,
            min_trust=min_trust,
            flags=_comma(flags),
            exclude_flags=_comma(exclude_flags),
            max_tokens=max_tokens,
        ))

    def iter_tools(self, name: str, *, page_size: Optional[int] = None) -> Iterator[Tool]:
        """Every current tool of a server, following next_cursor."""
        cursor = None
        while True:
            page = self.list_tools(name, limit=page_size, cursor=cursor)
            yield from page.tools
            cursor = page.next_cursor
            if not cursor:
                return

    # --- the check flow, on start_check and get_check ----------------------------------------

    def wait_for_check(self, check: Union[str, Check, Mapping[str, Any]], *, timeout: float = 120.0) -> Check:
        """Polls a check (its id, or what start_check returned) until it is done or `timeout` passes
        (then CheckTimeout, carrying the check's last state)."""
        if isinstance(check, str):
            current = self.get_check(check)
        elif isinstance(check, Check):
            current = check
        else:
            current = Check.from_dict(check)
        deadline = time.monotonic() + timeout
        while not current.done:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CheckTimeout(current)
            current = self.get_check(current.id, wait=max(0, min(25, int(left))))
        return current

    def check(self, url: str, *, timeout: float = 120.0) -> Check:
        """Starts a check and waits for its result."""
        return self.wait_for_check(self.start_check(url, wait=min(25, int(timeout))), timeout=timeout)

    # --- transport ---------------------------------------------------------------------------

    def _get(self, path: str, **query: Any) -> Json:
        return self._request("GET", path, query, None)

    def _request(self, method: str, path: str, query: Mapping[str, Any], body: Optional[Json]) -> Json:
        # A list is a repeated parameter (intents=a&intents=b): an intent may hold commas.
        params = [
            (key, _text(item))
            for key, value in query.items()
            if value is not None
            for item in (value if isinstance(value, (list, tuple)) else [value])
        ]
        url = self.base_url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        headers = {"accept": "application/json", "user-agent": "mcp-catalog-python/" + __version__}
        data = None
        if body is not None:
            if isinstance(body, dict):
                # A field left at None is not sent, as a query parameter is not.
                body = {k: v for k, v in body.items() if v is not None}
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        if self._api_key:
            headers["x-api-key"] = self._api_key
        for attempt in range(self.max_retries + 1):
            status, response_headers, payload = self._send(method, url, headers, data)
            if self.on_response:
                self.on_response(status, response_headers)
            if status < 400:
                return payload
            retry_after = _retry_after(response_headers.get("retry-after"))
            if status not in _RETRYABLE:
                raise error_for(status, payload, response_headers, retry_after)
            if attempt == self.max_retries or retry_after is None or retry_after > self.max_retry_wait:
                raise error_for(status, payload, response_headers, retry_after)
            self._sleep(retry_after)
        raise AssertionError("unreachable")

    def _send(self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes]):
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, _lower(response.headers.items()), _json(response.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, _lower(error.headers.items()), _json(error.read())


def _comma(values: Optional[Iterable[str]]) -> Optional[str]:
    if values is None:
        return None
    if isinstance(values, str):
        return values
    return ",".join(values)


def _text(value: Any) -> str:
    # Booleans as the API reads them.
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _lower(items: Iterable) -> Dict[str, str]:
    return {k.lower(): v for k, v in items}


def _json(raw: bytes) -> Json:
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError:
        return {"error": "invalid_response", "text": raw[:200].decode("utf-8", "replace")}
    return value if isinstance(value, dict) else {"value": value}


def _retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds from a retry-after header: delta-seconds or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
