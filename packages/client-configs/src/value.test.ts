import { envName, fromTemplate, isLiteral, render, solePlaceholder, type Placeholder } from "./value.js";

const p = (name: string): Placeholder => ({ name, description: name, secret: true });

describe("values with placeholders", () => {
  it("splits a template at its variables", () => {
    const value = fromTemplate("Bearer {api_key}", (v) => p(envName(v)));
    expect(value).toEqual(["Bearer ", p("API_KEY")]);
    expect(render(value, (x) => `\${${x.name}}`)).toBe("Bearer ${API_KEY}");
    expect(solePlaceholder(value)).toBeUndefined();
  });

  it("keeps text without variables, braces that are not variables included", () => {
    const value = fromTemplate('{"a":1}', () => p("X"));
    expect(value).toEqual(['{"a":1}']);
    expect(isLiteral(value)).toBe(true);
  });

  it("reads several variables and a value that is only a variable", () => {
    expect(fromTemplate("https://{tenant}.x.dev/{region}", (v) => p(v))).toEqual([
      "https://",
      p("tenant"),
      ".x.dev/",
      p("region"),
    ]);
    expect(solePlaceholder(fromTemplate("{token}", (v) => p(v)))).toEqual(p("token"));
  });

  it("names placeholders like environment variables", () => {
    expect(envName("x-api-key")).toBe("X_API_KEY");
    expect(envName("smithery_api_key")).toBe("SMITHERY_API_KEY");
    expect(envName("apiKey")).toBe("API_KEY");
    expect(envName("--allowed-dir")).toBe("ALLOWED_DIR");
    expect(envName("2fa code")).toBe("V_2FA_CODE");
    expect(envName("--")).toBe("VALUE");
  });
});
