import { failedProbe, input, okProbe } from "../probe.fixtures.js";
import { authMetadata } from "./auth-metadata.js";

const auth = (problems: string[]) => ({
  ...okProbe().auth,
  required: true,
  pkce_s256: problems.length === 0,
  problems,
});

describe("auth_metadata", () => {
  it("does not apply to an open server", () => {
    expect(authMetadata.run(input()).status).toBe("na");
  });
  it.each(["dns_error", "timeout", "refused", "tls_error", "not_mcp", "http_error"] as const)(
    "says authorization is not known, never that none is required, after %s",
    (outcome) => {
      expect(authMetadata.run(input({ probe: failedProbe(outcome) }))).toEqual({
        status: "na",
        detail: `Not known: the remote did not answer: ${outcome}.`,
      });
    },
  );
  it("passes sound metadata and fails on any problem the probe found", () => {
    expect(
      authMetadata.run(input({ probe: okProbe({ outcome: "auth_required", auth: auth([]) }) })).status,
    ).toBe("pass");
    expect(
      authMetadata.run(input({ probe: okProbe({ outcome: "auth_required", auth: auth(["No PKCE."]) }) })),
    ).toEqual({
      status: "fail",
      detail: "No PKCE.",
    });
  });
});
