import { nextAction, type CheckBody } from "@catalog/contracts";
import type { CheckRow } from "@catalog/db";

/** The check resource as REST and MCP return it. */
export function checkBody(check: CheckRow, baseUrl: string): CheckBody {
  const done = check.status === "done";
  return {
    id: check.id,
    url: check.url,
    ...(check.package ? { package: check.package } : {}),
    status: check.status,
    server: check.serverName,
    page: `${baseUrl}/check/${check.id}`,
    created_at: check.createdAt.toISOString(),
    finished_at: check.finishedAt?.toISOString() ?? null,
    ...(done && check.result ? { result: check.result } : {}),
    next_actions: !done
      ? [nextAction("check_server", { id: check.id, wait: 25 })]
      : check.serverName
        ? [
            nextAction("get_server", { name: check.serverName }),
            nextAction("list_tools", { name: check.serverName }),
          ]
        : [nextAction("search", { q: check.package?.identifier ?? check.host })],
  };
}
