import type { Handlers } from "./handler.js";
import { checksHandlers } from "./checks.handlers.js";
import { operatorsHandlers, type OperatorsHandlerDeps } from "./operators.handlers.js";
import { registryHandlers, type RegistryHandlerDeps } from "./registry.handlers.js";
import { searchHandlers, type SearchHandlerDeps } from "./search.handlers.js";
import { serversHandlers, type ServersHandlerDeps } from "./servers.handlers.js";
import { serviceHandlers, type ServiceHandlerDeps } from "./service.handlers.js";
import type { CheckService } from "../checks/check.service.js";

export type { Handlers } from "./handler.js";
export { mountOperations } from "./mount.js";
export type { HealthProbe } from "./service.handlers.js";

export type HandlerDeps = ServiceHandlerDeps &
  SearchHandlerDeps &
  ServersHandlerDeps &
  RegistryHandlerDeps &
  OperatorsHandlerDeps & { checks: CheckService };

/** One handler per handled operation, one file per declaration file of packages/contracts. */
export function operationHandlers(deps: HandlerDeps): Handlers {
  return {
    ...serviceHandlers(deps),
    ...searchHandlers(deps),
    ...serversHandlers(deps),
    ...checksHandlers(deps.checks, deps.baseUrl),
    ...registryHandlers(deps),
    ...operatorsHandlers(deps),
  };
}
