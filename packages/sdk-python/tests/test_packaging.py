"""The package as installed: its version, its typing marker, and (in the suite) not from src/."""

import importlib.metadata
import os
import sys
import unittest
from pathlib import Path

import mcp_catalog


class Installed(unittest.TestCase):
    def test_the_distribution_version_is_the_package_version(self):
        self.assertEqual(importlib.metadata.version("mcp-catalog"), mcp_catalog.__version__)

    def test_it_is_marked_typed(self):
        self.assertTrue((Path(mcp_catalog.__file__).parent / "py.typed").is_file())

    def test_metadata(self):
        meta = importlib.metadata.metadata("mcp-catalog")
        self.assertIn("Typing :: Typed", meta.get_all("Classifier"))
        self.assertTrue(meta["License"])
        self.assertIn("pip install", meta.get_payload() if hasattr(meta, "get_payload") else str(meta))

    @unittest.skipUnless(os.environ.get("CATALOG_EXPECT_INSTALLED"), "only where the suite installed the wheel")
    def test_imported_from_the_venv_not_the_source_tree(self):
        installed = Path(mcp_catalog.__file__).resolve()
        self.assertTrue(str(installed).startswith(str(Path(sys.prefix).resolve())), installed)
        self.assertNotIn("src", installed.parts)


if __name__ == "__main__":
    unittest.main()
