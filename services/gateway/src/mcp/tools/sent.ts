import { GetServerArgumentsSchema, SearchArgumentsSchema } from "@catalog/contracts";

/** The server name of arguments that failed validation, when the name itself is fine. */
export function sentName(sent: Record<string, unknown>): string | undefined {
  const name = GetServerArgumentsSchema.shape.name.safeParse(sent.name);
  return name.success ? name.data : undefined;
}

/** The query of search arguments that failed validation, when the query itself is fine. */
export function sentQuery(sent: Record<string, unknown>): string | undefined {
  const q = SearchArgumentsSchema.shape.q.safeParse(sent.q);
  return q.success ? q.data : undefined;
}
