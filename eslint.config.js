import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVICES = ["gateway", "search", "catalog", "prober", "ingest"];

/** An import pattern that keeps `who` out of the named services' code, by package name or by path. */
function boundary(who, services, whose = "another service's") {
  const names = services.join("|");
  return {
    regex: `^(@catalog/(${names})(/|$)|(\\.\\./)+(services/)?(${names})/src/)`,
    message: `${who} may not import ${whose} code (services meet through queues and HTTP).`,
  };
}

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      ".tools/**",
      "packages/db/generated/**",
      "coverage/**",
      "test-artifacts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  // Import boundaries: packages hold domain logic and infrastructure and never reach into a
  // service; a service talks to another through queues and HTTP, never through its code.
  {
    files: ["packages/*/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [boundary("a package", SERVICES, "a service's")] }],
    },
  },
  ...SERVICES.map((service) => ({
    files: [`services/${service}/src/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            boundary(
              `the ${service} service`,
              SERVICES.filter((s) => s !== service),
            ),
          ],
        },
      ],
    },
  })),
);
