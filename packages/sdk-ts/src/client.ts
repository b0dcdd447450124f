import type { RegistryEntry } from "@catalog/registry";
import { Transport, type ClientOptions } from "./transport.js";

/** The official registry API's list envelope, as /v0.1 serves it. */
export type RegistryList = { servers: RegistryEntry[]; metadata: { count: number; nextCursor?: string } };

export type RegistryListOptions = {
  cursor?: string;
  limit?: number;
  search?: string;
  updated_since?: string;
  version?: "latest";
  include_deleted?: boolean;
};

export type Health = { ok: boolean; search: "hybrid" | "keyword"; mcp: string };

/** A server name in a path: its slash sent as %2F, so a name is never split into segments. */
const segment = (value: string) => encodeURIComponent(value);

/** Typed client of the catalog's REST API, one method per endpoint. */
export class CatalogClient {
  private readonly http: Transport;

  constructor(options: ClientOptions = {}) {
    this.http = new Transport(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Whether requests carry an API key (from the option or SERVICE_API_KEY). */
  get sendsKey(): boolean {
    return this.http.sendsKey;
  }

  /** GET /healthz. */
  health(): Promise<Health> {
    return this.http.request("GET", "/healthz");
  }

  /** GET /v0.1/servers: the official registry read API, served from the mirror. */
  registryServers(options: RegistryListOptions = {}): Promise<RegistryList> {
    return this.http.request("GET", "/v0.1/servers", options);
  }

  /** GET /v0.1/servers/{name}/versions: every version, oldest first. */
  registryVersions(name: string, options: { include_deleted?: boolean } = {}): Promise<RegistryList> {
    return this.http.request("GET", `/v0.1/servers/${segment(name)}/versions`, options);
  }

  /** GET /v0.1/servers/{name}/versions/{version}; `latest` selects the newest. */
  registryVersion(name: string, version = "latest"): Promise<RegistryEntry> {
    return this.http.request("GET", `/v0.1/servers/${segment(name)}/versions/${segment(version)}`);
  }
}
