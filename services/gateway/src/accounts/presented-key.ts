import type { IncomingHttpHeaders } from "node:http";
import { looksLikeApiKey } from "./api-key.js";

export type PresentedKey = { kind: "none" } | { kind: "key"; key: string } | { kind: "ambiguous" };

/**
 * The API key a request presents: X-API-Key, or an Authorization bearer token starting with
 * svc_. Other bearer tokens belong to something in front of us and are ignored; an empty
 * X-API-Key is no key. Two different keys in one request are refused, never guessed between.
 */
export function presentedKey(headers: IncomingHttpHeaders): PresentedKey {
  const header = headers["x-api-key"];
  const fromHeader = (Array.isArray(header) ? header.join(",") : (header ?? "")).trim();
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.authorization ?? "")?.[1];
  const fromBearer = bearer && looksLikeApiKey(bearer) ? bearer : "";
  if (fromHeader && fromBearer && fromHeader !== fromBearer) return { kind: "ambiguous" };
  const key = fromHeader || fromBearer;
  return key ? { kind: "key", key } : { kind: "none" };
}
