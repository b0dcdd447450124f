import { readFileSync } from "node:fs";
import { ViewsFileSchema, type ViewDefinition } from "@catalog/contracts";
import { BUILTIN_VIEWS } from "@catalog/views";
import { parse } from "yaml";
import { z } from "zod";

export type ServedView = ViewDefinition & { builtin: boolean };

/**
 * The views this gateway serves: the built-in ones, then an operator's from VIEWS_FILE (YAML or
 * JSON, `{views: [...]}`). A file that cannot be read or does not validate, or a name given
 * twice, stops the start with a message naming the problem.
 */
export function loadViews(file: string | undefined): ServedView[] {
  const views: ServedView[] = BUILTIN_VIEWS.map((v) => ({ ...v, builtin: true }));
  if (!file) return views;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new Error(`VIEWS_FILE ${file} cannot be read: ${(err as Error).message}`, { cause: err });
  }
  const parsed = ViewsFileSchema.safeParse(parse(text));
  if (!parsed.success) throw new Error(`VIEWS_FILE ${file} is not valid: ${z.prettifyError(parsed.error)}`);
  for (const view of parsed.data.views) {
    if (views.some((v) => v.name === view.name))
      throw new Error(`VIEWS_FILE ${file}: the view name ${view.name} is taken`);
    views.push({ ...view, builtin: false });
  }
  return views;
}
