import { cookieOptions, loginCookieName, sessionCookieName } from "./session.js";

describe("cookies", () => {
  it("are HTTP-only, SameSite=Lax, path / and, over https, Secure with the __Host- prefix", () => {
    expect(cookieOptions({ secure: true }, 1000)).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      path: "/",
      maxAge: 1000,
    });
    expect(sessionCookieName({ secure: true })).toBe("__Host-catalog_session");
    expect(loginCookieName({ secure: true })).toBe("__Host-catalog_login");
  });

  it("drop Secure and the prefix only on a plain-http deployment (local development)", () => {
    expect(cookieOptions({ secure: false })).toMatchObject({ httpOnly: true, secure: false });
    expect(sessionCookieName({ secure: false })).toBe("catalog_session");
  });
});
