"""The package as installed: its version, its typing marker, and (in the suite) not from src/."""

import importlib.metadata
import os
import subprocess
import sys
import tarfile
import tempfile
import unittest
import zipfile
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


PACKAGE_ROOT = Path(__file__).resolve().parent.parent


@unittest.skipUnless((PACKAGE_ROOT / "build_backend").is_dir(), "needs the package folder")
class Backend(unittest.TestCase):
    """The in-tree build backend: an sdist that rebuilds into the same wheel, offline."""

    def hook(self, code, cwd):
        script = "import sys; sys.path.insert(0, 'build_backend'); import catalog_build as b; print(" + code + ")"
        return subprocess.run([sys.executable, "-c", script], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()

    def test_sdist_rebuilds_into_a_typed_wheel(self):
        with tempfile.TemporaryDirectory() as work:
            self.assertEqual(self.hook("b.get_requires_for_build_wheel()", PACKAGE_ROOT), "[]")
            sdist = self.hook("b.build_sdist(%r)" % work, PACKAGE_ROOT)
            self.assertEqual(sdist, "mcp_catalog-%s.tar.gz" % mcp_catalog.__version__)
            with tarfile.open(os.path.join(work, sdist)) as archive:
                names = archive.getnames()
                archive.extractall(work, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
            top = sdist[: -len(".tar.gz")]
            for name in ("PKG-INFO", "pyproject.toml", "README.md", "build_backend/catalog_build.py", "src/mcp_catalog/py.typed"):
                self.assertIn(top + "/" + name, names)
            self.assertFalse([n for n in names if "__pycache__" in n or n.endswith(".pyc")])
            wheel = self.hook("b.build_wheel(%r)" % os.path.join(work, "dist"), os.path.join(work, top))
            with zipfile.ZipFile(os.path.join(work, "dist", wheel)) as archive:
                contents = archive.namelist()
                record = archive.read(top + ".dist-info/RECORD").decode()
            self.assertIn("mcp_catalog/py.typed", contents)
            self.assertIn("mcp_catalog/models.py", contents)
            self.assertEqual(sorted(line.split(",")[0] for line in record.splitlines()), sorted(contents))


if __name__ == "__main__":
    unittest.main()
