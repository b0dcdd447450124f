import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { remoteUnreachable } from "./remote-unreachable.js";

const a = { url: "https://a.example.com", at: daysAgo(2) };
const b = { url: "https://b.example.com", at: daysAgo(2) };

describe("remote_unreachable", () => {
  it("is present when every probed remote failed two scheduled probes in a row", () => {
    const input = trustInput({
      probes: [
        history(probe("timeout", a), { failures: 2 }),
        history(probe("dns_error", b), { lastAnswer: probe("ok", { ...b, at: daysAgo(9) }), failures: 3 }),
      ],
    });
    expect(remoteUnreachable.detect(input)).toEqual({
      probes: [
        { url: a.url, outcome: "timeout", probed_at: daysAgo(2).toISOString(), failed_in_a_row: 2 },
        { url: b.url, outcome: "dns_error", probed_at: daysAgo(2).toISOString(), failed_in_a_row: 3 },
      ],
    });
  });
  it("is absent after a single failure, whether the remote answered before or never did", () => {
    const once = history(probe("dns_error", a), { lastAnswer: probe("ok", { ...a, at: daysAgo(3) }) });
    expect(remoteUnreachable.detect(trustInput({ probes: [once] }))).toBeNull();
    expect(remoteUnreachable.detect(trustInput({ probes: [history(probe("dns_error", a))] }))).toBeNull();
  });
  it("is absent when one remote answered, or nothing was probed", () => {
    const input = trustInput({
      probes: [history(probe("timeout", a), { failures: 2 }), history(probe("ok", b))],
    });
    expect(remoteUnreachable.detect(input)).toBeNull();
    expect(remoteUnreachable.detect(trustInput())).toBeNull();
  });
});
