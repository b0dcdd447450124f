import { buildConnection, claudeCliName, placeholdersOf, type Endpoint } from "@catalog/client-configs";
import { assessConnectability } from "@catalog/connectability";
import { CONNECTION_TARGETS } from "@catalog/contracts";
import { installName, serverKey, type ServerJson } from "@catalog/registry";
import { latestServers } from "@catalog/testing";

/**
 * Class, autonomy and steps against the config, for every server of the real snapshot: they
 * must read the server alike (docs/read-api.md "Inputs"). Each check lists every server that
 * breaks it, so one run names all of them.
 */
const servers = latestServers();

/** Every value of an endpoint the user supplies. */
function userValues(endpoint: Endpoint) {
  if (endpoint.kind === "bundle") return [];
  const launch = endpoint.kind === "package" ? endpoint : endpoint.start;
  const values = [
    ...(launch ? [...launch.args, ...launch.env.map((e) => e.value)] : []),
    ...(endpoint.kind === "remote" ? [endpoint.url, ...endpoint.headers.map((h) => h.value)] : []),
  ];
  return values.flatMap(placeholdersOf);
}

function preferredConnection(server: ServerJson) {
  const assessed = assessConnectability(server);
  const via = assessed.via;
  const outcome = via && buildConnection(server, "mcpServers", { kind: via.kind, index: via.index });
  return { assessed, via, outcome };
}

describe("connectability and configs agree over the real snapshot", () => {
  it("connects to the remote or package the class was decided on, never another", () => {
    const swapped = servers.flatMap((s) => {
      const { via, outcome } = preferredConnection(s);
      if (!via || !outcome) return [];
      if (!outcome.ok) return [`${s.name}: ${outcome.reason}`];
      const source = outcome.connection.source;
      return source.kind.replace("bundle", "package") === via.kind && source.index === via.index
        ? []
        : [`${s.name}: class from ${via.kind} ${via.index}, config from ${source.kind} ${source.index}`];
    });
    expect(swapped).toEqual([]);
  });

  it("names in a step every value the config needs, and is never autonomous with a secret to supply", () => {
    const problems = servers.flatMap((s) => {
      const { assessed, outcome } = preferredConnection(s);
      if (!outcome?.ok) return [];
      const values = userValues(outcome.connection.endpoint);
      const unnamed = values.filter((p) => !assessed.human_steps.some((step) => step.includes(p.name)));
      const secret = values.some((p) => p.secret);
      return [
        ...unnamed.map((p) => `${s.name}: no step names ${p.name}`),
        ...(secret && assessed.autonomous ? [`${s.name}: autonomous with a secret to supply`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it("puts the server's name before any --env or --header in every claude mcp add line", () => {
    const wrong = servers.flatMap((s) => {
      const outcome = buildConnection(s, "claude-code-cli");
      if (!outcome.ok) return [];
      const words = String(outcome.connection.config).split(" ");
      const name = words.indexOf(claudeCliName(serverKey(s.name)));
      const option = words.findIndex((w) => w === "--env" || w === "--header");
      return name > 0 && (option < 0 || name < option) ? [] : [`${s.name}: ${outcome.connection.config}`];
    });
    expect(wrong).toEqual([]);
  });

  it("answers every target with a config or a reason", () => {
    for (const s of servers) {
      for (const target of CONNECTION_TARGETS) {
        const outcome = buildConnection(s, target);
        if (!outcome.ok) expect(outcome.reason).toMatch(/\S/);
      }
    }
  });

  it("suggests install names that tell apart the servers sharing a generic key", () => {
    const byName = new Map<string, string[]>();
    for (const s of servers) {
      const name = installName(s.name);
      if (name) byName.set(name, [...(byName.get(name) ?? []), s.name]);
    }
    expect(byName.size).toBeGreaterThan(100);
    expect([...byName.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});
