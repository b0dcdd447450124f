"""Typed results: one frozen dataclass per body the service answers.

Every class has `from_dict(body)` and keeps the body it was read from in `raw`, so a field the
service adds later is there before this package knows it; fields it does not know are ignored,
and a missing field reads as None (or an empty tuple, or an empty dict). Lists are tuples.
Names follow the JSON keys, except where the key is a Python keyword or a leading underscore:
`class` is `connection_class`, a redirect's `from` is `from_`, a registry entry's `_meta` is
`meta`, and `nextCursor` is `next_cursor`. Times stay ISO 8601 strings, as the service wrote them.
"""

from dataclasses import dataclass, field, fields
from typing import Any, Callable, ClassVar, Dict, Mapping, Optional, Tuple, Type, TypeVar, Union

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


def _strings(value: Any) -> Tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _dict(value: Any) -> Json:
    return dict(value) if isinstance(value, Mapping) else {}


def _maybe_dict(value: Any) -> Optional[Json]:
    return dict(value) if isinstance(value, Mapping) else None


# --- shared blocks -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RestRequest(Model):
    """The REST call that answers the same as a next action's tool: method, path with its query, body."""

    method: str
    path: str
    body: Optional[Json]
    raw: Json = _raw()
    _read = {"body": _maybe_dict}


@dataclass(frozen=True)
class NextAction(Model):
    """What to call next: an MCP tool name and arguments that can be passed straight back, and
    `request`, the same call over REST."""

    action: str
    arguments: Json
    request: Optional[RestRequest]
    raw: Json = _raw()
    _read = {"arguments": _dict, "request": _maybe(RestRequest)}


_actions = _many(NextAction)


@dataclass(frozen=True)
class QualityCheck(Model):
    """One quality check: status pass, warn, fail or na."""

    id: str
    status: str
    weight: int
    detail: str
    raw: Json = _raw()


@dataclass(frozen=True)
class QualityBlock(Model):
    """Score (None when no check applied), label (excellent, good, fair, poor, unrated), checks."""

    score: Optional[int]
    label: str
    checks: Tuple[QualityCheck, ...]
    assessed_at: Optional[str]
    raw: Json = _raw()
    _read = {"checks": _many(QualityCheck)}


@dataclass(frozen=True)
class Owner(Model):
    """Whether the publisher's ownership is verified, and how (remote_host, repository_owner)."""

    verified: bool
    method: Optional[str]
    evidence: Any
    verified_at: Optional[str]
    raw: Json = _raw()


@dataclass(frozen=True)
class Trust(Model):
    """Trust score 0..100 and flags; `evidence` holds what each flag rests on, when recorded."""

    score: int
    flags: Tuple[str, ...]
    evidence: Json
    raw: Json = _raw()
    _read = {"flags": _strings, "evidence": _dict}


@dataclass(frozen=True)
class Tool(Model):
    """A current tool of a server; input_schema and output_schema only when asked for."""

    name: str
    title: Optional[str]
    description: str
    input_schema: Optional[Json]
    output_schema: Optional[Json]
    annotations: Json
    source: str
    observed_at: str
    #: Tokens of the definition as a client sends it (o200k_base); None until counted.
    tokens: Optional[int]
    raw: Json = _raw()
    _read = {"input_schema": _maybe_dict, "output_schema": _maybe_dict, "annotations": _dict}


# --- search ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchedTool(Model):
    name: str
    description: str
    raw: Json = _raw()


@dataclass(frozen=True)
class SearchResult(Model):
    """One server in a search answer; `matched_tools` are its tools that matched, best first.

    `match` (strong, partial, weak) says how well its best evidence answers the query: on weak,
    rephrase rather than connect. At detail="summary" a result holds only `name`, `line` (one
    line of what it does) and `match`; at "names", `name` and `match`. In an intent's answer a
    result holds `name`, `line`, `score`, `match` and `tools` (its matched tools by name).
    """

    name: str
    title: Optional[str]
    description: str
    connection_class: str
    autonomous: bool
    human_steps: Tuple[str, ...]
    categories: Tuple[str, ...]
    trust_score: int
    trust_flags: Tuple[str, ...]
    quality_score: Optional[int]
    quality_label: str
    tool_count: int
    #: Tokens of the server's tool definitions (o200k_base); None until counted.
    tool_tokens: Optional[int]
    score: float
    match: str
    matched_tools: Tuple[MatchedTool, ...]
    line: Optional[str]
    tools: Tuple[str, ...]
    raw: Json = _raw()
    _read = {
        "human_steps": _strings,
        "categories": _strings,
        "trust_flags": _strings,
        "matched_tools": _many(MatchedTool),
        "tools": _strings,
    }


@dataclass(frozen=True)
class IntentAnswer(Model):
    """One intent of a search and its best servers: source "given" (a step you sent), "query"
    (a step of q) or "implied" (a need the task implies: `capability` and `implied_by`, the
    words that imply it). Its results are SearchResults of the answer's detail level (name,
    line, score, match and tools at full)."""

    intent: str
    source: str
    capability: Optional[str]
    implied_by: Optional[str]
    results: Tuple[SearchResult, ...]
    raw: Json = _raw()
    _read = {"results": _many(SearchResult)}


@dataclass(frozen=True)
class SearchResponse(Model):
    """GET /v1/search. mode: hybrid, or keyword when the service runs without a model; detail:
    full, summary or names; intents: each intent's own answer, when the search answered several."""

    mode: str
    detail: str
    results: Tuple[SearchResult, ...]
    intents: Tuple[IntentAnswer, ...]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"results": _many(SearchResult), "intents": _many(IntentAnswer), "next_actions": _actions}


# --- a server ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class InputField(Model):
    """A header of a remote or an environment variable of a package."""

    name: str
    description: Optional[str]
    required: bool
    secret: bool
    raw: Json = _raw()


@dataclass(frozen=True)
class Repository(Model):
    url: str
    source: Optional[str]
    subfolder: Optional[str]
    raw: Json = _raw()


@dataclass(frozen=True)
class Icon(Model):
    src: str
    mime_type: Optional[str]
    sizes: Tuple[str, ...]
    theme: Optional[str]
    raw: Json = _raw()
    _read = {"sizes": _strings}


@dataclass(frozen=True)
class Remote(Model):
    """A remote endpoint: type streamable-http or sse; `templated` when the URL has {variables}."""

    type: str
    url: str
    templated: bool
    headers: Tuple[InputField, ...]
    raw: Json = _raw()
    _read = {"headers": _many(InputField)}


@dataclass(frozen=True)
class Package(Model):
    registry_type: str
    identifier: str
    version: Optional[str]
    transport: str
    environment_variables: Tuple[InputField, ...]
    raw: Json = _raw()
    _read = {"environment_variables": _many(InputField)}


@dataclass(frozen=True)
class ConnectionSummary(Model):
    """How a server can be connected: class R0..., whether an agent can do it alone, the targets."""

    connection_class: str
    autonomous: bool
    human_steps: Tuple[str, ...]
    reason: Optional[str]
    targets: Tuple[str, ...]
    raw: Json = _raw()
    _keys = {"connection_class": "class"}
    _read = {"human_steps": _strings, "targets": _strings}


@dataclass(frozen=True)
class ServerDescriptor(Model):
    """GET /v1/servers/{name}."""

    name: str
    title: Optional[str]
    description: str
    version: Optional[str]
    status: str
    published_at: Optional[str]
    first_published_at: str
    updated_at: str
    deleted_at: Optional[str]
    website_url: Optional[str]
    repository: Optional[Repository]
    icons: Tuple[Icon, ...]
    remotes: Tuple[Remote, ...]
    packages: Tuple[Package, ...]
    connection: ConnectionSummary
    categories: Tuple[str, ...]
    trust: Trust
    quality: QualityBlock
    owner: Owner
    blocked: bool
    tool_count: int
    #: Tokens of the current tools' definitions (o200k_base); None until counted.
    tool_tokens: Optional[int]
    tools: Tuple[Tool, ...]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {
        "repository": _maybe(Repository),
        "icons": _many(Icon),
        "remotes": _many(Remote),
        "packages": _many(Package),
        "connection": _one(ConnectionSummary),
        "categories": _strings,
        "trust": _one(Trust),
        "quality": _one(QualityBlock),
        "owner": _one(Owner),
        "tools": _many(Tool),
        "next_actions": _actions,
    }


@dataclass(frozen=True)
class ToolPage(Model):
    """GET /v1/servers/{name}/tools: one page, ordered by name; next_cursor None on the last."""

    server: str
    count: int
    tools: Tuple[Tool, ...]
    next_cursor: Optional[str]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"tools": _many(Tool), "next_actions": _actions}


@dataclass(frozen=True)
class ToolChange(Model):
    """One tool-definition change: kind added, removed or changed; `fields` that changed."""

    tool: str
    kind: str
    observed_at: str
    fields: Tuple[str, ...]
    description_before: Optional[str]
    description_after: Optional[str]
    description_similarity: Optional[float]
    hash_before: Optional[str]
    hash_after: Optional[str]
    raw: Json = _raw()
    _read = {"fields": _strings}


@dataclass(frozen=True)
class ToolHistory(Model):
    """GET /v1/servers/{name}/tools/history: newest first; pass next_before to read on."""

    server: str
    count: int
    entries: Tuple[ToolChange, ...]
    next_before: Optional[str]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"entries": _many(ToolChange), "next_actions": _actions}


# --- connection --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Secret(Model):
    """A value the config refers to: where env, prompt or config says how the user supplies it."""

    name: str
    where: str
    secret: bool
    description: str
    raw: Json = _raw()


@dataclass(frozen=True)
class OAuthMetadata(Model):
    """What is known of a remote's OAuth setup."""

    required: bool
    resource_metadata_url: Optional[str]
    resource: Optional[str]
    authorization_servers: Tuple[str, ...]
    scopes_supported: Tuple[str, ...]
    pkce_s256: bool
    client_id_metadata_document_supported: bool
    registration_endpoint: Optional[str]
    authorization_endpoint: Optional[str]
    token_endpoint: Optional[str]
    raw: Json = _raw()
    _read = {"authorization_servers": _strings, "scopes_supported": _strings}


@dataclass(frozen=True)
class ConnectionSource(Model):
    """The remote (transport, url) or package/bundle (registry_type, identifier) the config uses."""

    kind: str
    transport: Optional[str]
    url: Optional[str]
    registry_type: Optional[str]
    identifier: Optional[str]
    raw: Json = _raw()


@dataclass(frozen=True)
class Connection(Model):
    """GET /v1/servers/{name}/connection: `connection` is the config, a dict for
    content_type application/json, else text (codex-toml)."""

    server: str
    key: str
    install_name: Optional[str]
    kind: str
    connection_class: str
    autonomous: bool
    human_steps: Tuple[str, ...]
    target: str
    content_type: str
    connection: Union[Json, str]
    deeplink: Optional[str]
    source: ConnectionSource
    secrets: Tuple[Secret, ...]
    auth_type: Optional[str]
    oauth: Optional[OAuthMetadata]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _keys = {"connection_class": "class"}
    _read = {
        "human_steps": _strings,
        "source": _one(ConnectionSource),
        "secrets": _many(Secret),
        "oauth": _maybe(OAuthMetadata),
        "next_actions": _actions,
    }


# --- quality and dependencies ------------------------------------------------------------------


@dataclass(frozen=True)
class QualityDay(Model):
    day: str
    score: Optional[int]
    label: str
    raw: Json = _raw()


@dataclass(frozen=True)
class Quality(Model):
    """GET /v1/servers/{name}/quality: the quality block with `days` of daily history."""

    server: str
    days: int
    score: Optional[int]
    label: str
    checks: Tuple[QualityCheck, ...]
    assessed_at: Optional[str]
    history: Tuple[QualityDay, ...]
    blocked: bool
    owner: Owner
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {
        "checks": _many(QualityCheck),
        "history": _many(QualityDay),
        "owner": _one(Owner),
        "next_actions": _actions,
    }


@dataclass(frozen=True)
class Advisory(Model):
    id: str
    severity: str
    summary: str
    package: str
    version: str
    relation: str
    fixed_in: Optional[str]
    url: str
    raw: Json = _raw()


@dataclass(frozen=True)
class McpSdk(Model):
    present: bool
    package: Optional[str]
    version: Optional[str]
    raw: Json = _raw()


@dataclass(frozen=True)
class DependencyReport(Model):
    """One npm or PyPI package of the server's latest version."""

    ecosystem: str
    package: str
    version: Optional[str]
    status: str
    dependency_count: int
    mcp_sdk: Optional[McpSdk]
    advisories: Tuple[Advisory, ...]
    resolved_at: Optional[str]
    attribution: str
    raw: Json = _raw()
    _read = {"mcp_sdk": _maybe(McpSdk), "advisories": _many(Advisory)}


@dataclass(frozen=True)
class Dependencies(Model):
    """GET /v1/servers/{name}/dependencies."""

    server: str
    packages: Tuple[DependencyReport, ...]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"packages": _many(DependencyReport), "next_actions": _actions}


@dataclass(frozen=True)
class Category(Model):
    id: str
    title: str
    description: str
    raw: Json = _raw()


@dataclass(frozen=True)
class Categories(Model):
    """GET /v1/categories."""

    categories: Tuple[Category, ...]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"categories": _many(Category), "next_actions": _actions}


# --- checks ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProbeProtocol(Model):
    """era modern (server/discover) or legacy (initialize), the version agreed, those offered."""

    era: Optional[str]
    version: Optional[str]
    supported_versions: Tuple[str, ...]
    raw: Json = _raw()
    _read = {"supported_versions": _strings}


@dataclass(frozen=True)
class ServerInfo(Model):
    name: str
    version: str
    title: Optional[str]
    description: Optional[str]
    raw: Json = _raw()


@dataclass(frozen=True)
class ProbeAuth(Model):
    """The OAuth summary a probe found, with each way it falls short of the MCP spec (`problems`)."""

    required: bool
    resource_metadata_url: Optional[str]
    resource: Optional[str]
    authorization_servers: Tuple[str, ...]
    scopes_supported: Tuple[str, ...]
    pkce_s256: bool
    client_id_metadata_document_supported: bool
    registration_endpoint: Optional[str]
    authorization_endpoint: Optional[str]
    token_endpoint: Optional[str]
    resource_metadata_source: Optional[str]
    authorization_server_metadata_url: Optional[str]
    issuer: Optional[str]
    challenge_scope: Optional[str]
    problems: Tuple[str, ...]
    raw: Json = _raw()
    _read = {"authorization_servers": _strings, "scopes_supported": _strings, "problems": _strings}


@dataclass(frozen=True)
class ProbeTool(Model):
    name: str
    title: Optional[str]
    description: str
    annotations: Optional[Json]
    raw: Json = _raw()
    _read = {"annotations": _maybe_dict}


@dataclass(frozen=True)
class Redirect(Model):
    from_: str
    to: str
    status: int
    raw: Json = _raw()
    _keys = {"from_": "from"}


@dataclass(frozen=True)
class ProbeTimings(Model):
    total_ms: int
    handshake_ms: Optional[int]
    tools_ms: Optional[int]
    raw: Json = _raw()


@dataclass(frozen=True)
class ProbeResult(Model):
    """What probing the URL found: `outcome` (ok, auth_required, ...) and `detail` say why."""

    url: str
    final_url: str
    outcome: str
    detail: str
    transport: Optional[str]
    protocol: ProbeProtocol
    server_info: Optional[ServerInfo]
    auth: ProbeAuth
    tools: Tuple[ProbeTool, ...]
    tool_count: int
    tool_pages: int
    tools_error: Optional[str]
    redirects: Tuple[Redirect, ...]
    http_status: Optional[int]
    timings: ProbeTimings
    started_at: str
    finished_at: str
    raw: Json = _raw()
    _read = {
        "protocol": _one(ProbeProtocol),
        "server_info": _maybe(ServerInfo),
        "auth": _one(ProbeAuth),
        "tools": _many(ProbeTool),
        "redirects": _many(Redirect),
        "timings": _one(ProbeTimings),
    }


@dataclass(frozen=True)
class ReadinessRequirement(Model):
    id: str
    title: str
    status: str
    detail: str
    source: str
    raw: Json = _raw()


@dataclass(frozen=True)
class ReadinessDirectory(Model):
    """One client directory's requirements, with a count per status."""

    directory: str
    title: str
    counts: Dict[str, int]
    requirements: Tuple[ReadinessRequirement, ...]
    raw: Json = _raw()
    _read = {"counts": _dict, "requirements": _many(ReadinessRequirement)}


@dataclass(frozen=True)
class CheckResult(Model):
    """What a finished check found: the probe, the quality checks and the directory readiness."""

    probe: ProbeResult
    quality: QualityBlock
    readiness: Tuple[ReadinessDirectory, ...]
    raw: Json = _raw()
    _read = {"probe": _one(ProbeResult), "quality": _one(QualityBlock), "readiness": _many(ReadinessDirectory)}


@dataclass(frozen=True)
class Check(Model):
    """POST /v1/check and GET /v1/check/{id}: status queued, running or done; `result` once done."""

    id: str
    url: str
    status: str
    server: Optional[str]
    page: str
    created_at: str
    finished_at: Optional[str]
    result: Optional[CheckResult]
    next_actions: Tuple[NextAction, ...]
    raw: Json = _raw()
    _read = {"result": _maybe(CheckResult), "next_actions": _actions}

    @property
    def done(self) -> bool:
        return self.status == "done"


# --- registry mirror (/v0.1) and health --------------------------------------------------------

OFFICIAL_META = "io.modelcontextprotocol.registry/official"


@dataclass(frozen=True)
class RegistryEntry(Model):
    """An official registry entry as the registry wrote it: `server` (server.json) and `meta` (_meta)."""

    server: Json
    meta: Json
    raw: Json = _raw()
    _keys = {"meta": "_meta"}
    _read = {"server": _dict, "meta": _dict}

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
        return _dict(self.meta.get(OFFICIAL_META))

    @property
    def is_latest(self) -> bool:
        return bool(self.official.get("isLatest"))


@dataclass(frozen=True)
class RegistryMetadata(Model):
    count: int
    next_cursor: Optional[str]
    raw: Json = _raw()
    _keys = {"next_cursor": "nextCursor"}


@dataclass(frozen=True)
class RegistryServerList(Model):
    """GET /v0.1/servers and /v0.1/servers/{name}/versions; pass metadata.next_cursor to read on."""

    servers: Tuple[RegistryEntry, ...]
    metadata: RegistryMetadata
    raw: Json = _raw()
    _read = {"servers": _many(RegistryEntry), "metadata": _one(RegistryMetadata)}


@dataclass(frozen=True)
class Health(Model):
    """GET /healthz: `dependencies` maps each dependency to whether it answered;
    `redis_data_lost_at` is when the replica last found Redis back without its data (None since
    it started), `reconciled_at` when it last compared the work it owes with what is queued."""

    ok: bool
    search: str
    mcp: str
    dependencies: Dict[str, bool]
    redis_data_lost_at: Optional[str]
    reconciled_at: Optional[str]
    raw: Json = _raw()
    _read = {"dependencies": _dict}
