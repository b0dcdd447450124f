"""Typed results read bodies leniently: unknown fields are kept in `raw`, missing ones are None."""

import dataclasses
import unittest

from mcp_catalog.models import Check, Connection, Model, RegistryServerList, SearchResponse, ServerDescriptor

SEARCH = {
    "mode": "hybrid",
    "results": [
        {
            "name": "io.example/weather",
            "title": None,
            "description": "Weather",
            "connection_class": "R0",
            "autonomous": True,
            "human_steps": [],
            "categories": ["data"],
            "trust_score": 80,
            "trust_flags": ["verified_owner"],
            "quality_score": None,
            "quality_label": "unrated",
            "tool_count": 2,
            "score": 0.5,
            "matched_tools": [{"name": "get_forecast", "description": "Forecast", "rank": 1}],
            "added_later": {"x": 1},
        }
    ],
    "next_actions": [{"action": "get_server", "arguments": {"name": "io.example/weather"}}],
    "took_ms": 12,
}


class Parsing(unittest.TestCase):
    def test_unknown_fields_are_kept_not_refused(self):
        body = SearchResponse.from_dict(SEARCH)
        result = body.results[0]
        self.assertEqual(result.matched_tools[0].name, "get_forecast")
        self.assertEqual(result.matched_tools[0].raw["rank"], 1)
        self.assertEqual(result.raw["added_later"], {"x": 1})
        self.assertEqual(body.raw["took_ms"], 12)
        self.assertEqual(body.next_actions[0].arguments, {"name": "io.example/weather"})

    def test_missing_fields_read_as_empty(self):
        server = ServerDescriptor.from_dict({"name": "io.example/x"})
        self.assertEqual(server.name, "io.example/x")
        self.assertIsNone(server.title)
        self.assertEqual((server.tools, server.remotes, server.next_actions), ((), (), ()))
        self.assertIsNone(server.repository)
        self.assertEqual(server.connection.targets, ())
        self.assertEqual(server.trust.evidence, {})

    def test_keyword_and_camel_case_keys(self):
        connection = Connection.from_dict({"class": "R1", "connection": "[mcp_servers.x]\n"})
        self.assertEqual(connection.connection_class, "R1")
        page = RegistryServerList.from_dict({"servers": [{"server": {"name": "a/b"}, "_meta": {}}], "metadata": {"count": 1, "nextCursor": "c"}})
        self.assertEqual((page.servers[0].name, page.metadata.next_cursor), ("a/b", "c"))
        check = Check.from_dict({"id": "1", "status": "done", "result": {"probe": {"redirects": [{"from": "a", "to": "b", "status": 308}]}}})
        self.assertEqual(check.result.probe.redirects[0].from_, "a")

    def test_results_are_frozen_and_compare_by_value(self):
        one = SearchResponse.from_dict(SEARCH)
        self.assertEqual(one, SearchResponse.from_dict(dict(SEARCH, took_ms=99)))
        with self.assertRaises(dataclasses.FrozenInstanceError):
            one.mode = "keyword"  # type: ignore[misc]

    def test_every_result_class_keeps_raw(self):
        classes = [cls for cls in _subclasses(Model) if dataclasses.is_dataclass(cls)]
        self.assertGreater(len(classes), 40)
        for cls in classes:
            self.assertEqual(cls.from_dict({"zzz": 1}).raw, {"zzz": 1}, cls.__name__)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


if __name__ == "__main__":
    unittest.main()
