"""retry-after arrives as seconds or as an HTTP date."""

import email.utils
import time
import unittest

from mcp_catalog.client import _retry_after


class RetryAfter(unittest.TestCase):
    def test_seconds(self):
        self.assertEqual(_retry_after("7"), 7.0)
        self.assertEqual(_retry_after(" 0 "), 0.0)

    def test_http_date(self):
        in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)
        self.assertAlmostEqual(_retry_after(in_ten), 10, delta=1.5)
        past = email.utils.formatdate(time.time() - 60, usegmt=True)
        self.assertEqual(_retry_after(past), 0.0)

    def test_missing_or_garbage(self):
        self.assertIsNone(_retry_after(None))
        self.assertIsNone(_retry_after("soon"))
        self.assertIsNone(_retry_after("-5"))


if __name__ == "__main__":
    unittest.main()
