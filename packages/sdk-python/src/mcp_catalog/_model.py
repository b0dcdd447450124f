"""How the generated result classes (models.py) read a body, and the few helpers they carry.

Nothing here describes a body: the fields of every class are generated from the service's OpenAPI
document by scripts/models.mjs.
"""

from dataclasses import field, fields
from typing import Any, Callable, ClassVar, Dict, Mapping, Optional, Tuple, Type, TypeVar

Json = Dict[str, Any]
M = TypeVar("M", bound="Model")


class Model:
    """Base of the result classes: `from_dict` reads a body, `raw` keeps it as it came."""

    # JSON key of a field, where it is not the field's name.
    _keys: ClassVar[Dict[str, str]] = {}
    # How a field's value is read (nested results, tuples); plain values are taken as they are.
    _read: ClassVar[Dict[str, Callable[[Any], Any]]] = {}

    raw: Json

    @classmethod
    def from_dict(cls: Type[M], data: Mapping[str, Any]) -> M:
        body: Json = dict(data) if isinstance(data, Mapping) else {}
        values: Dict[str, Any] = {}
        for item in fields(cls):  # type: ignore[arg-type]
            if item.name == "raw":
                continue
            value = body.get(cls._keys.get(item.name, item.name))
            read = cls._read.get(item.name)
            values[item.name] = read(value) if read else value
        return cls(raw=body, **values)  # type: ignore[call-arg]


def _raw() -> Any:
    return field(default_factory=dict, repr=False, compare=False)


def _many(model: Type[M]) -> Callable[[Any], Tuple[M, ...]]:
    return lambda value: tuple(model.from_dict(v) for v in value if isinstance(v, Mapping)) if isinstance(value, list) else ()


def _one(model: Type[M]) -> Callable[[Any], M]:
    return lambda value: model.from_dict(value if isinstance(value, Mapping) else {})


def _maybe(model: Type[M]) -> Callable[[Any], Optional[M]]:
    return lambda value: model.from_dict(value) if isinstance(value, Mapping) else None


def _tuple(value: Any) -> Tuple[Any, ...]:
    return tuple(value) if isinstance(value, list) else ()


def _dict(value: Any) -> Json:
    return dict(value) if isinstance(value, Mapping) else {}


def _maybe_dict(value: Any) -> Optional[Json]:
    return dict(value) if isinstance(value, Mapping) else None


# --- helpers the generator mixes into a class (its MIXINS) -------------------------------------

OFFICIAL_META = "io.modelcontextprotocol.registry/official"


class CheckState:
    status: Optional[str]

    @property
    def done(self) -> bool:
        return self.status == "done"


class RegistryEntryFields:
    """The registry's server.json and _meta stay dicts as the registry wrote them; these read the
    parts a client uses most."""

    server: Json
    meta: Optional[Json]

    @property
    def name(self) -> str:
        return str(self.server.get("name", ""))

    @property
    def version(self) -> Optional[str]:
        version = self.server.get("version")
        return None if version is None else str(version)

    @property
    def official(self) -> Json:
        """The registry's own metadata: status, publishedAt, updatedAt, isLatest."""
        return _dict((self.meta or {}).get(OFFICIAL_META))

    @property
    def is_latest(self) -> bool:
        return bool(self.official.get("isLatest"))
