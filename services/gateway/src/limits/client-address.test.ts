import { limitSubject, trustProxySetting } from "./client-address.js";

describe("limit subjects", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped ones", () => {
    expect(limitSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(limitSubject("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by /64", () => {
    expect(limitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(limitSubject("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(limitSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("puts requests without a usable address together", () => {
    expect(limitSubject(undefined)).toBe("unknown");
    expect(limitSubject("not an address")).toBe("unknown");
  });
});

describe("trusted proxies", () => {
  it("trusts nobody by default and lists configured proxies", () => {
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting(" 10.0.0.0/8 , 192.0.2.1 ")).toEqual(["10.0.0.0/8", "192.0.2.1"]);
  });
});
