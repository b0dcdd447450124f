import { presentedKey } from "./presented-key.js";

const KEY = `svc_${"a".repeat(43)}`;

describe("the key a request presents", () => {
  it("reads X-API-Key or a svc_ bearer token", () => {
    expect(presentedKey({ "x-api-key": KEY })).toEqual({ kind: "key", key: KEY });
    expect(presentedKey({ authorization: `Bearer ${KEY}` })).toEqual({ kind: "key", key: KEY });
    expect(presentedKey({ authorization: `bearer  ${KEY}` })).toEqual({ kind: "key", key: KEY });
  });

  it("ignores bearer tokens that are not ours and other schemes", () => {
    expect(presentedKey({ authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.x" })).toEqual({ kind: "none" });
    expect(presentedKey({ authorization: `Basic ${KEY}` })).toEqual({ kind: "none" });
    expect(presentedKey({})).toEqual({ kind: "none" });
    expect(presentedKey({ "x-api-key": "  " })).toEqual({ kind: "none" });
  });

  it("passes malformed values on, so that they are refused rather than served anonymously", () => {
    expect(presentedKey({ "x-api-key": "nonsense" })).toEqual({ kind: "key", key: "nonsense" });
    expect(presentedKey({ authorization: "Bearer svc_short" })).toEqual({ kind: "key", key: "svc_short" });
  });

  it("refuses two different keys, accepts the same one twice", () => {
    const other = `svc_${"b".repeat(43)}`;
    expect(presentedKey({ "x-api-key": KEY, authorization: `Bearer ${other}` })).toEqual({
      kind: "ambiguous",
    });
    expect(presentedKey({ "x-api-key": KEY, authorization: `Bearer ${KEY}` })).toEqual({
      kind: "key",
      key: KEY,
    });
  });
});
