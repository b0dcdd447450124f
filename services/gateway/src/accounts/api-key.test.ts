import { API_KEY_PATTERN, displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key.js";

describe("API keys", () => {
  it("are svc_ plus 43 base62 digits, all different", () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(API_KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("spread over the whole alphabet (no bias to a few digits)", () => {
    const seen = new Set(Array.from({ length: 50 }, generateApiKey).join("").replaceAll("svc_", ""));
    expect(seen.size).toBe(62);
  });

  it("are stored as a SHA-256 and shown by 8 characters", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(4, 12));
    expect(displayPrefix(key)).toBe(key.slice(4, 12));
    expect(displayPrefix(key)).toHaveLength(8);
  });

  it("rejects malformed keys", () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key)).toBe(true);
    for (const bad of [
      "",
      "svc_",
      key.slice(0, -1),
      `${key}x`,
      key.replace("svc_", "sk_"),
      `${key.slice(0, -1)}-`,
    ])
      expect(isWellFormedApiKey(bad)).toBe(false);
  });
});
