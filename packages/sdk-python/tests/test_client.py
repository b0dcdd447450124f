"""The Python client against running gateway processes (started by scripts/test-against-gateway.mjs)."""

import os
import time
import unittest
from unittest import mock

from mcp_catalog import ApiError, CatalogClient, RateLimited

URL = os.environ["CATALOG_URL"]
STRICT_URL = os.environ["CATALOG_STRICT_URL"]
KEY = os.environ["CATALOG_TEST_KEY"]
SERVER = os.environ["CATALOG_TEST_SERVER"]
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
        client(recorder, **kwargs).registry_servers(limit=1)
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
                client(api_key=bad).registry_servers(limit=1)
            self.assertEqual(caught.exception.status, 401)
            self.assertEqual(caught.exception.error, "invalid_api_key")
            self.assertEqual(caught.exception.next_actions, [])

    def test_keyed_responses_are_private_and_carry_the_account_limits(self):
        recorder = Recorder()
        client(recorder, api_key=KEY).registry_servers(limit=1)
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
            self.assertIn("servers", strict.registry_servers(limit=1))
        statuses = [status for status, _ in recorder.responses]
        self.assertEqual(statuses, [200, 200, 429, 200])
        self.assertEqual(len(waits), 1)
        self.assertTrue(0 < waits[0] <= 2, waits)

    def test_gives_up_when_retry_after_is_longer_than_allowed(self):
        strict = CatalogClient(STRICT_URL, api_key="", max_retry_wait=0)
        strict.registry_servers(limit=1)
        strict.registry_servers(limit=1)
        with self.assertRaises(RateLimited) as caught:
            strict.registry_servers(limit=1)
        self.assertEqual(caught.exception.error, "rate_limited")
        self.assertEqual(caught.exception.status, 429)
        self.assertGreater(caught.exception.retry_after, 0)


class Endpoints(unittest.TestCase):
    def test_health(self):
        self.assertTrue(client().health()["ok"])

    def test_registry_passthrough(self):
        page = client().registry_servers(limit=2)
        self.assertEqual(page["metadata"]["count"], 2)
        self.assertTrue(page["metadata"]["nextCursor"])
        found = client().registry_servers(search=SERVER, version="latest")["servers"]
        self.assertEqual([entry["server"]["name"] for entry in found], [SERVER])
        versions = client().registry_versions(SERVER)["servers"]
        self.assertGreaterEqual(len(versions), 1)
        latest = client().registry_version(SERVER)
        self.assertEqual(latest["server"]["name"], SERVER)
        self.assertTrue(latest["_meta"]["io.modelcontextprotocol.registry/official"]["isLatest"])

    def test_registry_errors_keep_the_official_problem(self):
        with self.assertRaises(ApiError) as caught:
            client().registry_version("io.example/does-not-exist")
        self.assertEqual(caught.exception.status, 404)
        self.assertEqual(caught.exception.error, "Not Found")


if __name__ == "__main__":
    unittest.main()
