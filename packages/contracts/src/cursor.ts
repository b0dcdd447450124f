import { z } from "zod";
import { hasControl } from "./text.js";

/**
 * Opaque paging cursors: base64url of a JSON array of strings (a keyset position). Clients pass
 * them back unchanged; anything else fails validation with "invalid cursor".
 */
export function encodeCursor(position: readonly string[]): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string, size: number): string[] | null {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(value) &&
      value.length === size &&
      value.every((v) => typeof v === "string" && !hasControl(v))
      ? value
      : null;
  } catch {
    return null;
  }
}

/** A query parameter holding a cursor of `size` strings; `check` rejects a well-formed but wrong position. */
export function cursorParam(size: number, check: (position: string[]) => boolean = () => true) {
  return z.string().transform((value, ctx) => {
    const position = decodeCursor(value, size);
    if (position && check(position)) return position;
    ctx.addIssue({ code: "custom", message: "invalid cursor" });
    return z.NEVER;
  });
}
