import { UNVERIFIED } from "../owner.js";
import { trustInput } from "../trust.fixtures.js";
import { ownerVerified } from "./owner-verified.js";

describe("owner_verified", () => {
  it("carries the owner block's method and evidence", () => {
    const owner = {
      verified: true,
      method: "remote_host" as const,
      evidence: { host: "mcp.example.com" },
      verified_at: "2025-12-01T00:00:00.000Z",
    };
    expect(ownerVerified.detect(trustInput({ owner }))).toEqual({
      method: "remote_host",
      evidence: { host: "mcp.example.com" },
      verified_at: "2025-12-01T00:00:00.000Z",
    });
  });
  it("is absent when the owner is not verified", () => {
    expect(ownerVerified.detect(trustInput({ owner: UNVERIFIED }))).toBeNull();
  });
});
