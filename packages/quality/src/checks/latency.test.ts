import { input, okProbe } from "../probe.fixtures.js";
import { latency } from "./latency.js";

const after = (ms: number | null) =>
  input({ probe: okProbe({ timings: { total_ms: 1, handshake_ms: ms, tools_ms: null } }) });

describe("latency", () => {
  it("passes under a second, warns under three, fails beyond", () => {
    expect(latency.run(after(999)).status).toBe("pass");
    expect(latency.run(after(1000)).status).toBe("warn");
    expect(latency.run(after(3000)).status).toBe("fail");
  });
  it("does not apply without a handshake", () => {
    expect(latency.run(after(null)).status).toBe("na");
  });
});
