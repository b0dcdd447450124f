import * as accounts from "./accounts.js";
import * as checks from "./checks.js";
import type { Operation } from "./operation.js";
import * as registry from "./registry.js";
import * as search from "./search.js";
import * as servers from "./servers.js";
import * as service from "./service.js";

const isOperation = (value: unknown): value is Operation =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value;

/** Every HTTP operation of the gateway: one declaration each, in the files beside this one. */
export const OPERATIONS: readonly Operation[] = [
  service,
  search,
  servers,
  checks,
  registry,
  accounts,
].flatMap((module) => Object.values(module).filter(isOperation));

type Declarations<M> = Extract<M[keyof M], Operation>;

/** Every declared operation, each with its own literal type (its id, path and schemas). */
export type DeclaredOperation =
  | Declarations<typeof service>
  | Declarations<typeof search>
  | Declarations<typeof servers>
  | Declarations<typeof checks>
  | Declarations<typeof registry>
  | Declarations<typeof accounts>;

export type OperationId = DeclaredOperation["id"];

/** The operations the gateway serves through its handlers (every one but the plain pages). */
export type HandledOperation = Exclude<DeclaredOperation, { plain: true }>;
export type HandledOperationId = HandledOperation["id"];
export type OperationOf<Id extends OperationId> = Extract<DeclaredOperation, { id: Id }>;

export const HANDLED_OPERATIONS = OPERATIONS.filter(
  (o) => !o.plain,
) as unknown as readonly HandledOperation[];

export const operationById = (id: string): Operation => {
  const found = OPERATIONS.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
