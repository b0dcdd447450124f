import type { Ecosystem } from "./ecosystem.js";
import { npm } from "./npm.js";
import { pypi } from "./pypi.js";

export type { Ecosystem } from "./ecosystem.js";
export const ECOSYSTEMS: Record<Ecosystem["id"], Ecosystem> = { npm, pypi };

export function ecosystemOf(id: string): Ecosystem | undefined {
  return id === "npm" || id === "pypi" ? ECOSYSTEMS[id] : undefined;
}
