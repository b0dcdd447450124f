import type { ServerReadRepository, ServerRecord } from "@catalog/db";
import { isServerName } from "@catalog/registry";
import { failure, success, type Outcome } from "../http/outcome.js";
import { searchInstead } from "./next-actions.js";

/** The server, or 404 server_not_found with a search for what the name suggests. */
export async function findServer(repo: ServerReadRepository, name: string): Promise<Outcome<ServerRecord>> {
  const record = isServerName(name) ? await repo.server(name) : null;
  return record ? success(record) : failure(404, "server_not_found", [searchInstead({ name })]);
}
