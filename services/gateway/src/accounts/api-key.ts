import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62^43 > 2^256: 43 base62 digits hold any 32-byte value. */
const DIGITS = 43;
const PREFIX = "svc_";

export const API_KEY_PATTERN = /^svc_[0-9A-Za-z]{43}$/;

/** A new key: `svc_` and 32 random bytes written as 43 base62 digits. */
export function generateApiKey(): string {
  let n = BigInt(`0x${randomBytes(32).toString("hex")}`);
  let digits = "";
  for (let i = 0; i < DIGITS; i++) {
    digits = ALPHABET[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return PREFIX + digits;
}

export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** What is stored and looked up instead of the key. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The 8 characters after `svc_`, shown to tell keys apart. */
export function displayPrefix(key: string): string {
  return key.slice(PREFIX.length, PREFIX.length + 8);
}

/** Whether a bearer token is meant as one of our keys (others belong to a proxy and are ignored). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(PREFIX);
}
