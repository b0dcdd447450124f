"""The Python client against running gateway processes (started by scripts/test-against-gateway.mjs)."""

import os
import time
import unittest
from unittest import mock

from mcp_catalog import ApiError, CatalogClient, CheckTimeout, RateLimited

URL = os.environ["CATALOG_URL"]
STRICT_URL = os.environ["CATALOG_STRICT_URL"]
UNAVAILABLE_URL = os.environ["CATALOG_UNAVAILABLE_URL"]
KEY = os.environ["CATALOG_TEST_KEY"]
SERVER = os.environ["CATALOG_TEST_SERVER"]
REGISTRY_SERVER = os.environ["CATALOG_REGISTRY_SERVER"]
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
            self.assertEqual(caught.exception.status, 401)
            self.assertEqual(caught.exception.error, "invalid_api_key")
            self.assertEqual(caught.exception.next_actions, [])

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
            self.assertEqual(len(strict.list_categories()["categories"]), 22)
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
        self.assertEqual(caught.exception.error, "rate_limited")
        self.assertEqual(caught.exception.status, 429)
        self.assertGreater(caught.exception.retry_after, 0)


class Unavailable(unittest.TestCase):
    """A gateway whose database is away answers 503 service_unavailable with retry-after 5."""

    def test_a_503_is_retried_after_retry_after_then_raised(self):
        waits = []
        recorder = Recorder()
        away = CatalogClient(UNAVAILABLE_URL, api_key="", on_response=recorder, max_retries=2, sleep=waits.append)
        with self.assertRaises(ApiError) as caught:
            away.get_server(SERVER)
        self.assertNotIsInstance(caught.exception, RateLimited)
        self.assertEqual(caught.exception.status, 503)
        self.assertEqual(caught.exception.error, "service_unavailable")
        self.assertEqual(waits, [5, 5])
        self.assertEqual([status for status, _ in recorder.responses], [503, 503, 503])


class Endpoints(unittest.TestCase):
    def setUp(self):
        self.client = client(api_key="")

    def test_search(self):
        body = self.client.search("weather forecast", limit=5, classes=["R0", "unknown"])
        self.assertEqual(body["mode"], "keyword")
        self.assertIn(SERVER, [result["name"] for result in body["results"]])
        self.assertTrue(body["next_actions"])

    def test_server_descriptor(self):
        self.assertEqual(self.client.get_server(SERVER)["name"], SERVER)
        full = self.client.get_server(SERVER, schemas=True)
        self.assertIn("input_schema", full["tools"][0])

    def test_tools_page_by_page(self):
        page = self.client.list_tools(SERVER, limit=2)
        self.assertEqual((page["server"], page["count"]), (SERVER, 2))
        self.assertTrue(page["next_cursor"])
        names = [tool["name"] for tool in self.client.iter_tools(SERVER, page_size=2)]
        self.assertEqual(names, ["delete_alert", "get_forecast", "list_cities"])

    def test_history_connection_quality_dependencies_categories(self):
        self.assertEqual(self.client.get_tool_history(SERVER, limit=10)["entries"], [])
        connection = self.client.get_connection(SERVER, target="vscode")
        self.assertEqual((connection["server"], connection["kind"], connection["target"]), (SERVER, "remote", "vscode"))
        quality = self.client.get_quality(SERVER, days=7)
        self.assertEqual((quality["server"], quality["days"], quality["blocked"]), (SERVER, 7, False))
        dependencies = self.client.get_dependencies(SERVER)
        self.assertEqual((dependencies["server"], dependencies["packages"]), (SERVER, []))
        self.assertIn("developer-tools", [c["id"] for c in self.client.list_categories()["categories"]])

    def test_unknown_server(self):
        with self.assertRaises(ApiError) as caught:
            self.client.get_server("io.example/does-not-exist")
        self.assertEqual((caught.exception.status, caught.exception.error), (404, "server_not_found"))
        self.assertTrue(caught.exception.next_actions)

    def test_health(self):
        self.assertTrue(self.client.health()["ok"])

    def test_registry_passthrough(self):
        page = self.client.registry_servers(limit=2)
        self.assertEqual(page["metadata"]["count"], 2)
        self.assertTrue(page["metadata"]["nextCursor"])
        found = self.client.registry_servers(search=REGISTRY_SERVER, version="latest")["servers"]
        self.assertEqual([entry["server"]["name"] for entry in found], [REGISTRY_SERVER])
        self.assertGreaterEqual(len(self.client.registry_versions(REGISTRY_SERVER)["servers"]), 1)
        latest = self.client.registry_version(REGISTRY_SERVER)
        self.assertEqual(latest["server"]["name"], REGISTRY_SERVER)
        self.assertTrue(latest["_meta"]["io.modelcontextprotocol.registry/official"]["isLatest"])

    def test_registry_errors_keep_the_official_problem(self):
        with self.assertRaises(ApiError) as caught:
            self.client.registry_version("io.example/does-not-exist")
        self.assertEqual((caught.exception.status, caught.exception.error), (404, "Not Found"))


class CheckFlow(unittest.TestCase):
    def setUp(self):
        self.client = client(api_key="")

    def test_start_without_waiting_then_poll(self):
        started = self.client.start_check(FRESH_REMOTES[0], wait=0)
        self.assertNotEqual(started["status"], "done")
        done = self.client.wait_for_check(started["id"], timeout=30)
        self.assertEqual(done["status"], "done")
        self.assertEqual(done["result"]["probe"]["outcome"], "ok")
        self.assertEqual(self.client.get_check(done["id"]), done)

    def test_start_and_wait_in_one_call(self):
        done = self.client.check(FRESH_REMOTES[1], timeout=30)
        self.assertEqual((done["status"], done["result"]["probe"]["outcome"]), ("done", "ok"))

    def test_gives_up_polling_at_the_deadline(self):
        started = self.client.start_check(FRESH_REMOTES[2], wait=0)
        with self.assertRaises(CheckTimeout):
            self.client.wait_for_check(dict(started, status="queued"), timeout=0)

    def test_a_refused_url(self):
        with self.assertRaises(ApiError) as caught:
            self.client.start_check("ftp://example.test/")
        self.assertEqual((caught.exception.status, caught.exception.error), (400, "invalid_url"))


if __name__ == "__main__":
    unittest.main()
