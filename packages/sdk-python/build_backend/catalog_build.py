"""The package's own PEP 517 build backend: standard library only, so `pip install .` needs no index.

pip builds the wheel with it even where no package index can be reached (no setuptools or wheel
to download, nothing to install in the isolated build environment). It reads the `[project]`
table of pyproject.toml and packs `src/mcp_catalog` (with py.typed) into a pure-Python
`py3-none-any` wheel; it also builds the sdist and the editable wheel (`pip install -e .`).
Archives are reproducible: entries sorted, timestamps from SOURCE_DATE_EPOCH or 1980-01-01.
"""

import base64
import hashlib
import io
import os
import re
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "mcp_catalog"
SDIST_FILES = ("pyproject.toml", "README.md")
# src/ also holds the SDK's jest tests (src/*.test.ts), which are not part of the package.
SDIST_DIRS = ("build_backend", "src/" + PACKAGE, "tests")

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
]


# --- PEP 517 / PEP 660 hooks -------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    project = read_project()
    files = [(PACKAGE + "/" + path.relative_to(package_dir()).as_posix(), path.read_bytes()) for path in package_files()]
    return _write_wheel(wheel_directory, project, files)


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    project = read_project()
    pth = (str(ROOT / "src") + "\n").encode()
    return _write_wheel(wheel_directory, project, [("_" + PACKAGE + "_editable.pth", pth)])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    project = read_project()
    base = "{}-{}".format(_dist_name(project["name"]), project["version"])
    members: List[Tuple[str, bytes]] = [("PKG-INFO", metadata(project).encode())]
    for name in SDIST_FILES:
        members.append((name, (ROOT / name).read_bytes()))
    for folder in SDIST_DIRS:
        for path in _files_under(ROOT / folder):
            members.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    filename = base + ".tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(members):
            info = tarfile.TarInfo(base + "/" + name)
            info.size = len(data)
            info.mtime = _epoch()
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    Path(sdist_directory).mkdir(parents=True, exist_ok=True)
    (Path(sdist_directory) / filename).write_bytes(buffer.getvalue())
    return filename


# --- what goes in ------------------------------------------------------------------------------


def package_dir() -> Path:
    return ROOT / "src" / PACKAGE


def package_files() -> List[Path]:
    files = _files_under(package_dir())
    if not any(path.name == "py.typed" for path in files):
        raise RuntimeError("src/mcp_catalog/py.typed is missing: the package is declared typed")
    return files


def _files_under(folder: Path) -> List[Path]:
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo")
    )


def read_project() -> Dict[str, Any]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    data = _toml(text)
    project = data.get("project")
    if not isinstance(project, dict):
        raise RuntimeError("pyproject.toml has no [project] table")
    for key in ("name", "version"):
        if not isinstance(project.get(key), str):
            raise RuntimeError("pyproject.toml: project.{} must be a string".format(key))
    if project.get("dynamic"):
        raise RuntimeError("this backend reads static metadata only (project.dynamic is not supported)")
    return project


def metadata(project: Dict[str, Any]) -> str:
    """Core metadata 2.1 (PKG-INFO and METADATA)."""
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + project["name"],
        "Version: " + project["version"],
    ]
    if project.get("description"):
        lines.append("Summary: " + project["description"])
    license_ = project.get("license")
    if isinstance(license_, dict):
        license_ = license_.get("text")
    if license_:
        lines.append("License: " + str(license_))
    if project.get("keywords"):
        lines.append("Keywords: " + ",".join(project["keywords"]))
    for author in project.get("authors") or []:
        if author.get("email"):
            lines.append("Author-email: {} <{}>".format(author.get("name", ""), author["email"]).strip())
        elif author.get("name"):
            lines.append("Author: " + author["name"])
    if project.get("requires-python"):
        lines.append("Requires-Python: " + project["requires-python"])
    for requirement in project.get("dependencies") or []:
        lines.append("Requires-Dist: " + requirement)
    for classifier in project.get("classifiers") or []:
        lines.append("Classifier: " + classifier)
    for label, url in (project.get("urls") or {}).items():
        lines.append("Project-URL: {}, {}".format(label, url))
    readme = project.get("readme")
    body = ""
    if readme:
        if not isinstance(readme, str):
            raise RuntimeError("pyproject.toml: project.readme must be a file name")
        body = (ROOT / readme).read_text(encoding="utf-8")
        kind = "text/markdown" if readme.lower().endswith(".md") else "text/plain"
        lines.append("Description-Content-Type: " + kind)
    return "\n".join(lines) + "\n\n" + body


def _dist_name(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _write_wheel(wheel_directory: str, project: Dict[str, Any], files: List[Tuple[str, bytes]]) -> str:
    dist = _dist_name(project["name"])
    version = project["version"]
    info = "{}-{}.dist-info".format(dist, version)
    wheel_meta = "Wheel-Version: 1.0\nGenerator: catalog_build (in-tree)\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = list(files) + [
        (info + "/METADATA", metadata(project).encode()),
        (info + "/WHEEL", wheel_meta.encode()),
        (info + "/top_level.txt", (PACKAGE + "\n").encode()),
    ]
    record = io.StringIO()
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.write("{},sha256={},{}\n".format(name, digest, len(data)))
    record.write(info + "/RECORD,,\n")
    entries.append((info + "/RECORD", record.getvalue().encode()))
    filename = "{}-{}-py3-none-any.whl".format(dist, version)
    Path(wheel_directory).mkdir(parents=True, exist_ok=True)
    stamp = time.gmtime(_epoch())[:6]
    with zipfile.ZipFile(Path(wheel_directory) / filename, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            item = zipfile.ZipInfo(name, date_time=stamp)  # type: ignore[arg-type]
            item.external_attr = 0o644 << 16
            item.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(item, data)
    return filename


def _epoch() -> int:
    # Zip dates start at 1980; SOURCE_DATE_EPOCH (reproducible builds) wins when set.
    return max(315532800, int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")))


# --- TOML --------------------------------------------------------------------------------------


def _toml(text: str) -> Dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib.loads(text)
    return _small_toml(text)


def _small_toml(text: str) -> Dict[str, Any]:
    """The part of TOML this pyproject uses, for Python before 3.11 (no tomllib there):
    [tables], key = "string" | 'string' | number | true/false | [arrays of those, over lines]
    | {inline = "tables"}, and # comments."""
    root: Dict[str, Any] = {}
    table = root
    pending = ""
    for line in text.splitlines():
        line = _strip_comment(line).strip()
        if pending:
            pending += " " + line
            if _balanced(pending):
                key, value = pending.split("=", 1)
                table[_key(key)] = _value(value.strip())
                pending = ""
            continue
        if not line:
            continue
        if line.startswith("["):
            table = root
            for part in line.strip("[]").split("."):
                table = table.setdefault(_key(part), {})
            continue
        key, value = line.split("=", 1)
        if _balanced(value):
            table[_key(key)] = _value(value.strip())
        else:
            pending = line
    if pending:
        raise RuntimeError("pyproject.toml: unterminated value: " + pending[:60])
    return root


_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _unquoted(text: str) -> Iterator[Tuple[int, str]]:
    """Each character of `text` outside quoted strings, with its index (the quotes left out too)."""
    quote = None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        else:
            yield index, char


def _strip_comment(line: str) -> str:
    for index, char in _unquoted(line):
        if char == "#":
            return line[:index]
    return line


def _balanced(value: str) -> bool:
    return sum(_DEPTH.get(char, 0) for _, char in _unquoted(value)) == 0


def _key(key: str) -> str:
    return key.strip().strip("\"'")


def _value(value: str) -> Any:
    if value[:1] in "\"'":
        return value[1:-1]
    if value in ("true", "false"):
        return value == "true"
    if value.startswith("[") or value.startswith("{"):
        items = _split(value[1:-1])
        if value.startswith("["):
            return [_value(item) for item in items]
        return {_key(k): _value(v.strip()) for k, v in (item.split("=", 1) for item in items)}
    return int(value) if re.fullmatch(r"[+-]?\d+", value) else float(value)


def _split(inner: str) -> List[str]:
    """The items of an array's or inline table's inside, split at its top-level commas."""
    items, start, depth = [], 0, 0
    for index, char in _unquoted(inner):
        depth += _DEPTH.get(char, 0)
        if char == "," and depth == 0:
            items.append(inner[start:index].strip())
            start = index + 1
    if inner[start:].strip():
        items.append(inner[start:].strip())
    return items
