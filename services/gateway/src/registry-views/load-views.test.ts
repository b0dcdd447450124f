import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUILTIN_VIEWS } from "@catalog/views";
import { loadViews } from "./load-views.js";

const dir = mkdtempSync(path.join(tmpdir(), "views-"));
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

describe("loadViews", () => {
  it("serves the built-in views without a file", () => {
    expect(loadViews(undefined).map((v) => [v.name, v.builtin])).toEqual(
      BUILTIN_VIEWS.map((v) => [v.name, true]),
    );
  });

  it("adds an operator's views from YAML after the built-in ones", () => {
    const views = loadViews(
      file(
        "ok.yaml",
        `views:
  - name: acme-approved
    title: Approved at Acme
    description: What the security team signed off.
    rules:
      min_trust: 60
      exclude_flags: [deprecated]
      allow_names: ["io.github.acme/*"]
      pinned: [com.example/legacy-tool]
`,
      ),
    );
    expect(views.at(-1)).toEqual({
      name: "acme-approved",
      title: "Approved at Acme",
      description: "What the security team signed off.",
      rules: {
        min_trust: 60,
        exclude_flags: ["deprecated"],
        allow_names: ["io.github.acme/*"],
        pinned: ["com.example/legacy-tool"],
      },
      builtin: false,
    });
  });

  it("stops the start on a file it cannot read, an invalid view or a name taken", () => {
    expect(() => loadViews(path.join(dir, "missing.yaml"))).toThrow(
      /VIEWS_FILE .*missing.yaml cannot be read/,
    );
    expect(() =>
      loadViews(
        file(
          "bad.yaml",
          "views:\n  - name: x\n    title: X\n    description: ''\n    rules: {minimum_trust: 5}\n",
        ),
      ),
    ).toThrow(/VIEWS_FILE .* is not valid:[\s\S]*minimum_trust/);
    expect(() =>
      loadViews(
        file(
          "taken.yaml",
          "views:\n  - name: verified\n    title: Mine\n    description: ''\n    rules: {}\n",
        ),
      ),
    ).toThrow(/the view name verified is taken/);
  });
});
