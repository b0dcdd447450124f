"""Error messages are built from the body: reason, field errors, problem detail, retry-after."""

import unittest

from mcp_catalog import ApiError, BadRequest, CatalogError, Conflict, Forbidden, Gone, RateLimited, ServerError
from mcp_catalog.errors import error_for


class Messages(unittest.TestCase):
    def test_field_errors_are_flattened(self):
        body = {
            "error": "bad_request",
            "issues": {"formErrors": [], "fieldErrors": {"limit": ["Too big: expected number to be <=50"], "q": ["Required", "Too short"]}},
            "next_actions": [],
        }
        error = error_for(400, body)
        self.assertIsInstance(error, BadRequest)
        self.assertEqual(str(error), "400 bad_request: limit: Too big: expected number to be <=50; q: Required; Too short")
        self.assertEqual(error.field_errors["q"], ["Required", "Too short"])

    def test_reason_of_403_and_409(self):
        blocked = error_for(403, {"error": "blocked", "reason": "Malware", "next_actions": []})
        self.assertIsInstance(blocked, Forbidden)
        self.assertEqual((str(blocked), blocked.reason), ("403 blocked: Malware", "Malware"))
        conflict = error_for(409, {"error": "no_connection", "reason": "No remote.", "next_actions": []})
        self.assertIsInstance(conflict, Conflict)
        self.assertEqual(str(conflict), "409 no_connection: No remote.")

    def test_other_details(self):
        gone = error_for(410, {"error": "deleted", "deleted_at": "2026-01-01T00:00:00Z"})
        self.assertIsInstance(gone, Gone)
        self.assertEqual(str(gone), "410 deleted: deleted at 2026-01-01T00:00:00Z")
        quota = error_for(429, {"error": "check_quota_exceeded", "scope": "ip_daily", "retry_after": 60})
        self.assertIsInstance(quota, RateLimited)
        self.assertEqual((quota.retry_after, str(quota)), (60, "429 check_quota_exceeded: scope ip_daily; retry after 60s"))
        internal = error_for(500, {"error": "internal", "request_id": "r-1"})
        self.assertIsInstance(internal, ServerError)
        self.assertEqual((str(internal), internal.request_id), ("500 internal: request id r-1", "r-1"))
        self.assertEqual(str(error_for(404, {"error": "server_not_found"})), "404 server_not_found")

    def test_the_header_wins_over_the_body_for_retry_after(self):
        self.assertEqual(error_for(429, {"error": "rate_limited", "retry_after": 9}, {}, 2.0).retry_after, 2.0)

    def test_registry_problems(self):
        problem = {
            "title": "Unprocessable Entity",
            "status": 422,
            "detail": "validation failed",
            "errors": [{"message": "expected number <= 100", "location": "query.limit", "value": 1000}],
        }
        error = error_for(422, problem)
        self.assertIsInstance(error, BadRequest)
        self.assertTrue(error.is_problem)
        self.assertEqual(str(error), "422 Unprocessable Entity: validation failed; query.limit: expected number <= 100")

    def test_not_json(self):
        error = error_for(502, {"error": "invalid_response", "text": "<html>Bad gateway</html>"})
        self.assertEqual(str(error), "502 invalid_response: not JSON: <html>Bad gateway</html>")

    def test_hierarchy(self):
        error = error_for(418, {"error": "teapot"})
        self.assertIs(type(error), ApiError)
        self.assertIsInstance(error, CatalogError)
        self.assertEqual(error.error, error.code)


if __name__ == "__main__":
    unittest.main()
