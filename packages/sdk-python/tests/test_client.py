"""The installed client against the running service (started by harness/python.suite.ts)."""

import os
import time
import unittest
from unittest import mock

from mcp_catalog import (
    ApiError,
    BadRequest,
    CatalogClient,
    CheckTimeout,
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    ServiceUnavailable,
    Unauthorized,
)
from mcp_catalog.models import (
    Categories,
    Check,
    Connection,
    Dependencies,
    Health,
    Quality,
    RegistryEntry,
    RegistryServerList,
    SearchResponse,
    ServerDescriptor,
    Tool,
    ToolHistory,
    ToolPage,
)

URL = os.environ["CATALOG_URL"]
STRICT_URL = os.environ["CATALOG_STRICT_URL"]
UNAVAILABLE_URL = os.environ["CATALOG_UNAVAILABLE_URL"]
KEY = os.environ["CATALOG_TEST_KEY"]
SERVER = os.environ["CATALOG_TEST_SERVER"]
REGISTRY_SERVER = os.environ["CATALOG_REGISTRY_SERVER"]
BLOCKED_SERVER = os.environ["CATALOG_BLOCKED_SERVER"]
BLOCK_REASON = os.environ["CATALOG_BLOCK_REASON"]
UNCONNECTABLE_SERVER = os.environ["CATALOG_UNCONNECTABLE_SERVER"]
FRESH_REMOTES = os.environ["CATALOG_FRESH_REMOTES"].split(",")
UNKNOWN_KEY = "svc_" + "Q" * 43


class Recorder:
    """Remembers the status and headers of every response the client saw."""

    def __init__(self):
        self.responses = []

    def __call__(self, status, headers):
        self.responses.append((status, headers))

    @property
    def last_headers(self):
        return self.responses[-1][1]


def client(recorder=None, **kwargs):
    return CatalogClient(URL, on_response=recorder, **kwargs)


class KeyRules(unittest.TestCase):
    def keyed(self, **kwargs):
        """Whether the service answered as to a keyed call (account quota headers present)."""
        recorder = Recorder()
        client(recorder, **kwargs).list_categories()
        return "x-quota-limit" in recorder.last_headers

    def test_reads_service_api_key_from_the_environment(self):
        with mock.patch.dict(os.environ, {"SERVICE_API_KEY": KEY}):
            self.assertTrue(self.keyed())
            self.assertTrue(self.keyed(api_key=None))

    def test_without_a_key_calls_are_anonymous(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            self.assertFalse(self.keyed())

    def test_an_explicit_key_overrides_the_environment(self):
        with mock.patch.dict(os.environ, {"SERVICE_API_KEY": UNKNOWN_KEY}):
            self.assertTrue(self.keyed(api_key=KEY))

    def test_an_empty_key_sends_none_even_when_the_environment_has_one(self):
        with mock.patch.dict(os.environ, {"SERVICE_API_KEY": KEY}):
            self.assertFalse(self.keyed(api_key=""))
            self.assertFalse(client(api_key="").sends_key)

    def test_a_bad_key_is_refused_not_served_anonymously(self):
        for bad in (UNKNOWN_KEY, "svc_short"):
            with self.assertRaises(ApiError) as caught:
                client(api_key=bad).list_categories()
            self.assertIsInstance(caught.exception, Unauthorized)
            self.assertEqual(caught.exception.status, 401)
            self.assertEqual(caught.exception.code, "invalid_api_key")
            self.assertTrue(caught.exception.reason)
            self.assertEqual(str(caught.exception), "401 invalid_api_key: " + caught.exception.reason)
            self.assertEqual(caught.exception.next_actions, ())

    def test_keyed_responses_are_private_and_carry_the_account_limits(self):
        recorder = Recorder()
        client(recorder, api_key=KEY).list_categories()
        headers = recorder.last_headers
        self.assertEqual(headers["cache-control"], "private, no-store")
        self.assertEqual(headers["x-ratelimit-limit"], "60")
        self.assertEqual(headers["x-quota-limit"], "5000")


class Retries(unittest.TestCase):
    """The strict gateway allows 2 anonymous requests per 2-second window."""

    def setUp(self):
        time.sleep(2.1)  # a fresh window

    def test_a_429_is_retried_after_retry_after(self):
        waits = []

        def sleep(seconds):
            waits.append(seconds)
            time.sleep(seconds)

        recorder = Recorder()
        strict = CatalogClient(STRICT_URL, api_key="", on_response=recorder, sleep=sleep)
        for _ in range(3):
            self.assertEqual(len(strict.list_categories().categories), 22)
        statuses = [status for status, _ in recorder.responses]
        self.assertEqual(statuses, [200, 200, 429, 200])
        self.assertEqual(len(waits), 1)
        self.assertTrue(0 < waits[0] <= 2, waits)

    def test_gives_up_when_retry_after_is_longer_than_allowed(self):
        strict = CatalogClient(STRICT_URL, api_key="", max_retry_wait=0)
        strict.list_categories()
        strict.list_categories()
        with self.assertRaises(RateLimited) as caught:
            strict.list_categories()
        self.assertEqual(caught.exception.code, "rate_limited")
        self.assertEqual(caught.exception.status, 429)
        self.assertGreater(caught.exception.retry_after, 0)
        self.assertIn("retry after", str(caught.exception))


class Unavailable(unittest.TestCase):
    """A gateway whose database is away answers 503 service_unavailable with retry-after 5."""

    def test_a_503_is_retried_after_retry_after_then_raised(self):
        waits = []
        recorder = Recorder()
        away = CatalogClient(UNAVAILABLE_URL, api_key="", on_response=recorder, max_retries=2, sleep=waits.append)
        with self.assertRaises(ApiError) as caught:
            away.get_server(SERVER)
        self.assertNotIsInstance(caught.exception, RateLimited)
        self.assertIsInstance(caught.exception, ServiceUnavailable)
        self.assertEqual(caught.exception.status, 503)
        self.assertEqual(caught.exception.code, "service_unavailable")
        self.assertEqual(caught.exception.retry_after, 5)
        self.assertTrue(str(caught.exception).startswith("503 service_unavailable: "), str(caught.exception))
        self.assertEqual(waits, [5, 5])
        self.assertEqual([status for status, _ in recorder.responses], [503, 503, 503])


class Endpoints(unittest.TestCase):
    def setUp(self):
        self.client = client(api_key="")

    def test_search(self):
        body = self.client.search("weather forecast", limit=5, classes=["R0", "unknown"])
        self.assertIsInstance(body, SearchResponse)
        self.assertEqual(body.mode, "keyword")
        found = {result.name: result for result in body.results}
        self.assertIn(SERVER, found)
        result = found[SERVER]
        self.assertIsInstance(result.trust_score, int)
        self.assertIsInstance(result.matched_tools, tuple)
        self.assertIn("get_forecast", [tool.name for tool in result.matched_tools])
        self.assertTrue(all(tool.description is not None for tool in result.matched_tools))
        self.assertEqual(result.raw["name"], SERVER)
        self.assertTrue(body.next_actions)
        self.assertTrue(all(action.action and isinstance(action.arguments, dict) for action in body.next_actions))
        first = body.next_actions[0]
        self.assertEqual(first.request.method, "GET")
        self.assertTrue(first.request.path.startswith("/v1/"))
        self.assertIsInstance(result.tool_tokens, int)
        cheap = self.client.search("weather forecast", limit=5, max_tokens=result.tool_tokens)
        self.assertIn(SERVER, [r.name for r in cheap.results])
        dearer = self.client.search("weather forecast", limit=5, max_tokens=result.tool_tokens - 1)
        self.assertNotIn(SERVER, [r.name for r in dearer.results])

    def test_search_with_intents_and_detail(self):
        body = self.client.search(intents=["weather forecast, today", "alerts for a state"], detail="summary", limit=3)
        self.assertEqual(body.detail, "summary")
        self.assertEqual([(i.intent, i.source) for i in body.intents], [("weather forecast, today", "given"), ("alerts for a state", "given")])
        self.assertIn(SERVER, [r.name for r in body.intents[0].results])
        self.assertTrue(body.results and all(r.line is not None and r.match in ("strong", "partial", "weak") for r in body.results))
        self.assertIsNone(body.results[0].description)
        names = self.client.search("weather forecast", detail="names", limit=3)
        self.assertEqual(set(names.results[0].raw), {"name", "match"})
        full = self.client.search("weather forecast", limit=3)
        self.assertEqual(full.detail, "full")
        self.assertIn(full.results[0].match, ("strong", "partial", "weak"))

    def test_server_descriptor(self):
        server = self.client.get_server(SERVER)
        self.assertIsInstance(server, ServerDescriptor)
        self.assertEqual(server.name, SERVER)
        self.assertEqual(server.status, "active")
        self.assertEqual([remote.type for remote in server.remotes], ["streamable-http"])
        self.assertEqual(server.connection.connection_class, server.raw["connection"]["class"])
        self.assertFalse(server.blocked)
        self.assertIsInstance(server.trust.score, int)
        self.assertEqual(server.tool_count, 3)
        self.assertEqual(server.tool_tokens, sum(tool.tokens for tool in server.tools))
        self.assertIsNone(server.tools[0].input_schema)
        full = self.client.get_server(SERVER, schemas=True)
        self.assertIsInstance(full.tools[0], Tool)
        self.assertIsInstance(full.tools[0].input_schema, dict)

    def test_tools_page_by_page(self):
        page = self.client.list_tools(SERVER, limit=2)
        self.assertIsInstance(page, ToolPage)
        self.assertEqual((page.server, page.count, len(page.tools)), (SERVER, 2, 2))
        self.assertTrue(page.next_cursor)
        names = [tool.name for tool in self.client.iter_tools(SERVER, page_size=2)]
        self.assertEqual(names, ["delete_alert", "get_forecast", "list_cities"])

    def test_history_connection_quality_dependencies_categories(self):
        history = self.client.get_tool_history(SERVER, limit=10)
        self.assertIsInstance(history, ToolHistory)
        self.assertEqual((history.server, history.entries), (SERVER, ()))
        connection = self.client.get_connection(SERVER, target="vscode")
        self.assertIsInstance(connection, Connection)
        self.assertEqual((connection.server, connection.kind, connection.target), (SERVER, "remote", "vscode"))
        self.assertEqual((connection.source.kind, connection.source.transport), ("remote", "streamable-http"))
        self.assertIsInstance(connection.connection, dict)
        self.assertTrue(connection.connection_class)
        toml = self.client.get_connection(SERVER, target="codex-toml")
        self.assertEqual(toml.content_type, "text/plain")
        self.assertIsInstance(toml.connection, str)
        quality = self.client.get_quality(SERVER, days=7)
        self.assertIsInstance(quality, Quality)
        self.assertEqual((quality.server, quality.days, quality.blocked), (SERVER, 7, False))
        self.assertTrue(all(check.id and check.status for check in quality.checks))
        dependencies = self.client.get_dependencies(SERVER)
        self.assertIsInstance(dependencies, Dependencies)
        self.assertEqual((dependencies.server, dependencies.packages), (SERVER, ()))
        categories = self.client.list_categories()
        self.assertIsInstance(categories, Categories)
        views = self.client.list_views()
        self.assertEqual([view["name"] for view in views["views"]], ["verified", "reachable", "no-critical-advisories"])
        gemini = self.client.export_view("reachable", "gemini")
        self.assertEqual((gemini["view"], gemini["client"]), ("reachable", "gemini"))
        self.assertIsInstance(gemini["file"]["mcp"]["allowed"], list)
        self.assertIn("developer-tools", [category.id for category in categories.categories])

    def test_unknown_server(self):
        with self.assertRaises(NotFound) as caught:
            self.client.get_server("io.example/does-not-exist")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "server_not_found"))
        self.assertEqual(str(caught.exception), "404 server_not_found")
        self.assertTrue(caught.exception.next_actions)
        self.assertEqual(caught.exception.next_actions[0].action, "search")

    def test_health(self):
        health = self.client.health()
        self.assertIsInstance(health, Health)
        self.assertTrue(health.ok)
        self.assertEqual(health.search, "keyword")
        self.assertTrue(all(health.dependencies.values()))

    def test_registry_passthrough(self):
        page = self.client.registry_servers(limit=2)
        self.assertIsInstance(page, RegistryServerList)
        self.assertEqual((page.metadata.count, len(page.servers)), (2, 2))
        self.assertTrue(page.metadata.next_cursor)
        following = self.client.registry_servers(limit=2, cursor=page.metadata.next_cursor)
        self.assertNotEqual([e.name for e in following.servers], [e.name for e in page.servers])
        found = self.client.registry_servers(search=REGISTRY_SERVER, version="latest").servers
        self.assertEqual([entry.name for entry in found], [REGISTRY_SERVER])
        self.assertGreaterEqual(len(self.client.registry_versions(REGISTRY_SERVER).servers), 1)
        latest = self.client.registry_version(REGISTRY_SERVER)
        self.assertIsInstance(latest, RegistryEntry)
        self.assertEqual(latest.name, REGISTRY_SERVER)
        self.assertTrue(latest.version)
        self.assertTrue(latest.is_latest)
        self.assertTrue(latest.meta["io.modelcontextprotocol.registry/official"]["isLatest"])


class Errors(unittest.TestCase):
    """Errors carry the code, a message built from the body, and the body's reason or issues."""

    def setUp(self):
        self.client = client(api_key="")

    def test_a_bad_limit_names_the_field_and_why(self):
        with self.assertRaises(BadRequest) as caught:
            self.client.search("weather", limit=500)
        error = caught.exception
        self.assertEqual((error.status, error.code), (400, "bad_request"))
        self.assertEqual(list(error.field_errors), ["limit"])
        self.assertIn("50", error.field_errors["limit"][0])
        self.assertEqual(error.message, "limit: " + "; ".join(error.field_errors["limit"]))
        self.assertEqual(str(error), "400 bad_request: " + error.message)
        self.assertEqual(error.body["issues"]["fieldErrors"]["limit"], error.field_errors["limit"])

    def test_every_bad_field_is_listed(self):
        with self.assertRaises(BadRequest) as caught:
            self.client.list_tools(SERVER, limit=0, cursor="not-a-cursor")
        self.assertEqual(sorted(caught.exception.field_errors), ["cursor", "limit"])
        self.assertIn("cursor: ", str(caught.exception))
        self.assertIn("limit: ", str(caught.exception))

    def test_a_refused_url_keeps_the_reason(self):
        with self.assertRaises(BadRequest) as caught:
            self.client.start_check("ftp://example.test/")
        error = caught.exception
        self.assertEqual((error.status, error.code), (400, "invalid_url"))
        self.assertTrue(error.reason)
        self.assertEqual(str(error), "400 invalid_url: " + error.reason)

    def test_a_blocked_server_keeps_the_reason(self):
        with self.assertRaises(Forbidden) as caught:
            self.client.get_connection(BLOCKED_SERVER)
        error = caught.exception
        self.assertEqual((error.status, error.code, error.reason), (403, "blocked", BLOCK_REASON))
        self.assertEqual(str(error), "403 blocked: " + BLOCK_REASON)
        self.assertTrue(error.next_actions)

    def test_no_connection_keeps_the_reason(self):
        with self.assertRaises(Conflict) as caught:
            self.client.get_connection(UNCONNECTABLE_SERVER, target="vscode")
        error = caught.exception
        self.assertEqual((error.status, error.code), (409, "no_connection"))
        self.assertEqual(error.reason, "The server lists no remote and no package.")
        self.assertEqual(str(error), "409 no_connection: The server lists no remote and no package.")

    def test_registry_errors_keep_the_official_problem(self):
        with self.assertRaises(NotFound) as caught:
            self.client.registry_version("io.example/does-not-exist")
        error = caught.exception
        self.assertEqual((error.status, error.code), (404, "Not Found"))
        self.assertTrue(error.is_problem)
        self.assertEqual(error.message, error.body["detail"])
        self.assertEqual(str(error), "404 Not Found: " + error.body["detail"])

    def test_registry_validation_problems_name_the_parameter(self):
        with self.assertRaises(BadRequest) as caught:
            self.client.registry_servers(limit=1000)
        error = caught.exception
        self.assertEqual(error.status, 422)
        self.assertTrue(error.problems)
        self.assertIn("limit", str(error))
        for problem in error.problems:
            self.assertIn(problem["message"], error.message)

    def test_every_api_error_is_an_api_error(self):
        for kind in (BadRequest, Conflict, Forbidden, NotFound, RateLimited, ServiceUnavailable, Unauthorized):
            self.assertTrue(issubclass(kind, ApiError))


class CheckFlow(unittest.TestCase):
    def setUp(self):
        self.client = client(api_key="")

    def test_start_without_waiting_then_poll(self):
        started = self.client.start_check(FRESH_REMOTES[0], wait=0)
        self.assertIsInstance(started, Check)
        self.assertFalse(started.done)
        self.assertIsNone(started.result)
        done = self.client.wait_for_check(started.id, timeout=30)
        self.assertTrue(done.done)
        self.assertEqual(done.result.probe.outcome, "ok")
        self.assertEqual(done.result.probe.tool_count, len(done.result.probe.tools))
        self.assertIsInstance(done.result.quality.checks, tuple)
        self.assertTrue(done.result.readiness)
        self.assertTrue(all(directory.requirements for directory in done.result.readiness))
        self.assertEqual(self.client.get_check(done.id), done)

    def test_start_and_wait_in_one_call(self):
        done = self.client.check(FRESH_REMOTES[1], timeout=30)
        self.assertEqual((done.status, done.result.probe.outcome), ("done", "ok"))
        self.assertEqual(done.url, FRESH_REMOTES[1])

    def test_gives_up_polling_at_the_deadline(self):
        started = self.client.start_check(FRESH_REMOTES[2], wait=0)
        with self.assertRaises(CheckTimeout) as caught:
            self.client.wait_for_check(dict(started.raw, status="queued"), timeout=0)
        self.assertEqual(caught.exception.check.id, started.id)


if __name__ == "__main__":
    unittest.main()
