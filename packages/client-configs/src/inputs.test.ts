import { argumentValues, environment, inputValue } from "./inputs.js";

describe("registry inputs in a config", () => {
  it("uses a fixed value and turns its variables into placeholders", () => {
    expect(
      inputValue(
        {
          name: "Authorization",
          value: "App {INFOBIP_API_KEY}",
          variables: { INFOBIP_API_KEY: { description: "Your Infobip API key", isSecret: true } },
        },
        "X",
      ),
    ).toEqual(["App ", { name: "INFOBIP_API_KEY", description: "Your Infobip API key", secret: true }]);
  });

  it("describes an undeclared variable by its input and treats key-like names as secret", () => {
    expect(inputValue({ name: "Authorization", value: "Bearer {smithery_api_key}" }, "X")).toEqual([
      "Bearer ",
      { name: "SMITHERY_API_KEY", description: "Value of {smithery_api_key}", secret: true },
    ]);
  });

  it("asks for a required input without value, uses a default, leaves optional ones out", () => {
    expect(inputValue({ name: "TOKEN", isRequired: true, description: "The token" }, "TOKEN")).toEqual([
      { name: "TOKEN", description: "The token", secret: true },
    ]);
    expect(inputValue({ name: "HOST", isRequired: true, default: "localhost" }, "HOST")).toEqual([
      "localhost",
    ]);
    expect(inputValue({ name: "LOG_LEVEL", default: "info" }, "LOG_LEVEL")).toBeNull();
    expect(inputValue({ name: "DIR", description: "A directory" }, "DIR")).toBeNull();
  });

  it("leaves an optional secret out, as it leaves out every optional input", () => {
    expect(
      inputValue({ name: "Authentication", isSecret: true, placeholder: "Bearer x" }, "K_AUTH"),
    ).toBeNull();
    expect(
      inputValue(
        { name: "Authentication", isRequired: true, isSecret: true, placeholder: "Bearer x" },
        "K_AUTH",
      ),
    ).toEqual([
      { name: "K_AUTH", description: "Value of Authentication (for example Bearer x)", secret: true },
    ]);
  });

  it("asks for the variables of a template even when the input is optional, unless they have a default", () => {
    expect(inputValue({ name: "Authorization", value: "Bearer {token}", isRequired: false }, "X")).toEqual([
      "Bearer ",
      { name: "TOKEN", description: "Value of {token}", secret: true },
    ]);
    expect(
      inputValue({ name: "X-Region", value: "{region}-1", variables: { region: { default: "eu" } } }, "X"),
    ).toEqual(["eu-1"]);
  });

  it("mentions the choices of a value to pick", () => {
    expect(inputValue({ name: "MODE", isRequired: true, choices: ["a", "b"] }, "MODE")).toEqual([
      { name: "MODE", description: "Value of MODE (one of a, b)", secret: false },
    ]);
  });

  it("renders named and positional arguments, flags, and leaves optional values out", () => {
    const args = argumentValues([
      { type: "named", name: "--mode", value: "static", isRequired: true },
      { type: "named", name: "--debug", format: "boolean" },
      { type: "named", name: "--rm" },
      { type: "named", name: "--allowed-dir", isRequired: true, valueHint: "documents_directory" },
      { type: "positional", value: "serve" },
      { type: "positional", valueHint: "config_path", description: "Optional config" },
      { type: "positional", valueHint: "db_url", isRequired: true, description: "Database URL" },
    ]);
    expect(args).toEqual([
      ["--mode"],
      ["static"],
      ["--rm"],
      ["--allowed-dir"],
      [{ name: "DOCUMENTS_DIRECTORY", description: "Value of --allowed-dir", secret: false }],
      ["serve"],
      [{ name: "DB_URL", description: "Database URL", secret: false }],
    ]);
  });

  it("keeps environment variables with a value or that the user must supply", () => {
    expect(
      environment([
        { name: "API_KEY", isRequired: true, isSecret: true, description: "Key" },
        { name: "PORT", default: "3000" },
        { name: "REGION", value: "eu" },
      ]),
    ).toEqual([
      { name: "API_KEY", value: [{ name: "API_KEY", description: "Key", secret: true }] },
      { name: "REGION", value: ["eu"] },
    ]);
  });

  it("reads a ${HOME} in a publisher's default as the user's variable, not as text", () => {
    // A volume of io.github.timescale/tiger-skills in the registry.
    expect(
      inputValue(
        {
          name: "-v",
          value: "{source}:/home/tiger/.config/tiger",
          variables: { source: { isRequired: true, default: "${HOME}/.config/tiger" } },
        },
        "X",
      ),
    ).toEqual([
      {
        name: "HOME",
        description: "Your HOME (the publisher's default refers to ${HOME})",
        secret: false,
      },
      "/.config/tiger:/home/tiger/.config/tiger",
    ]);
  });
});
