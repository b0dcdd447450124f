import { daysAgo, trustInput } from "../trust.fixtures.js";
import { remoteUnreachable } from "./remote-unreachable.js";

const probe = (url: string, outcome: string) => ({ url, outcome, authRequired: false, at: daysAgo(2) });

describe("remote_unreachable", () => {
  it("is present when every probed remote failed", () => {
    const input = trustInput({
      probes: [probe("https://a.example.com", "timeout"), probe("https://b.example.com", "dns_error")],
    });
    expect(remoteUnreachable.detect(input)).toEqual({
      probes: [
        { url: "https://a.example.com", outcome: "timeout", probed_at: daysAgo(2).toISOString() },
        { url: "https://b.example.com", outcome: "dns_error", probed_at: daysAgo(2).toISOString() },
      ],
    });
  });
  it("is absent when one answered, or nothing was probed", () => {
    const input = trustInput({
      probes: [probe("https://a.example.com", "timeout"), probe("https://b.example.com", "ok")],
    });
    expect(remoteUnreachable.detect(input)).toBeNull();
    expect(remoteUnreachable.detect(trustInput())).toBeNull();
  });
});
