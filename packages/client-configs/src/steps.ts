import type { BundleEndpoint, Endpoint, RemoteEndpoint } from "./endpoint.js";
import type { NamedValue } from "./inputs.js";
import type { Launch } from "./packages/launch.js";
import { shellWord, type ShellPart } from "./shell.js";
import { markerText, placeholdersOf, solePlaceholder, type Placeholder, type Value } from "./value.js";

const DESCRIPTION_MAX = 120;

/**
 * What a person must do before a config for `endpoint` works: one short imperative step per
 * value to supply, naming the variable the config reads and the form its value takes, plus
 * starting a package that serves HTTP, downloading a bundle, and every launch option the config
 * withheld. Each value is named once, however many places use it.
 */
export function endpointSteps(endpoint: Endpoint): string[] {
  const steps = new Steps();
  switch (endpoint.kind) {
    case "bundle":
      return [bundleStep(endpoint)];
    case "package":
      steps.launch(endpoint);
      break;
    case "remote":
      if (endpoint.start) steps.start(endpoint.start, endpoint.url);
      steps.remote(endpoint);
  }
  return steps.list;
}

class Steps {
  readonly list: string[] = [];
  private readonly named = new Set<string>();

  launch(launch: Launch): void {
    for (const e of launch.env) this.env(e);
    for (const p of launch.args.flatMap(placeholdersOf)) {
      this.add(p, `Set ${p.name}, an argument of the launch command: ${describe(p)}`);
    }
    for (const w of launch.withheld) {
      this.list.push(
        `Decide on ${w.option}: the publisher asks for it, but it ${w.reason}, so the config leaves it out; add it by hand only if you trust the publisher`,
      );
    }
  }

  start(launch: Launch, url: Value): void {
    const line = [[launch.command], ...launch.args].map(commandWord).join(" ");
    this.list.push(`Start the server yourself with \`${line}\`; it serves MCP at ${markerText(url)}`);
    this.launch(launch);
  }

  remote(endpoint: RemoteEndpoint): void {
    const url = markerText(endpoint.url);
    for (const p of placeholdersOf(endpoint.url)) {
      this.add(p, `Set ${p.name}, the <${p.name}> part of the server URL ${url}: ${describe(p)}`);
    }
    const host = hostOf(url);
    for (const h of endpoint.headers) this.header(h, host);
  }

  private env({ name, value }: NamedValue): void {
    const sole = solePlaceholder(value);
    if (sole && sole.name === name) return this.add(sole, `Set ${name}: ${describe(sole)}`);
    for (const p of placeholdersOf(value)) {
      this.add(p, `Set ${p.name}: ${describe(p)} (the server reads it as ${name}=${markerText(value)})`);
    }
  }

  private header({ name, value }: NamedValue, host: string): void {
    const obtain = (p: Placeholder) => (p.secret ? `Obtain a credential for ${host} and set` : "Set");
    const sole = solePlaceholder(value);
    if (sole) {
      const form = /^authorization$/i.test(name) ? ', for example "Bearer <token>"' : "";
      this.add(
        sole,
        `${obtain(sole)} ${sole.name} to the whole ${name} header value${form}: ${describe(sole)}`,
      );
      return;
    }
    for (const p of placeholdersOf(value)) {
      this.add(
        p,
        `${obtain(p)} ${p.name}: ${describe(p)} (sent as the header ${name}: ${markerText(value)})`,
      );
    }
  }

  private add(p: Placeholder, step: string): void {
    if (this.named.has(p.name)) return;
    this.named.add(p.name);
    this.list.push(step);
  }
}

function bundleStep({ files }: BundleEndpoint): string {
  const name = (url: string) => url.slice(url.lastIndexOf("/") + 1);
  const [first] = files;
  if (files.length === 1 && first) {
    return `Download the bundle ${first.url}, check its SHA-256 and open it with Claude Desktop`;
  }
  const platforms = files.map((f) => f.platform ?? name(f.url));
  const which = files.every((f) => f.platform) ? "the bundle for your platform" : "one of the bundles";
  return `Download ${which} (${platforms.join(", ")}), check its SHA-256 and open it with Claude Desktop`;
}

function describe(p: Placeholder): string {
  const text = p.description;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 3)}...` : text;
}

/** A command-line word with user-supplied parts as `<NAME>`, quoted as a shell would need. */
function commandWord(value: Value): string {
  return shellWord(value.map((p): ShellPart => (typeof p === "string" ? p : `<${p.name}>`)));
}

function hostOf(url: string): string {
  return URL.parse(url.replace(/<[^>]*>/g, "x"))?.host ?? url;
}
