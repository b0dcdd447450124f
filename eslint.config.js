import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVICES = ["gateway", "search", "catalog", "prober", "ingest"];

/** The production code: what the type-aware rules check (tests and bench get the syntactic rules only). */
const PRODUCTION = ["packages/*/src/**/*.ts", "services/*/src/**/*.ts"];

/** An import pattern that keeps `who` out of the named services' code, by package name or by path. */
function boundary(who, services, whose = "another service's") {
  const names = services.join("|");
  return {
    regex: `^(@catalog/(${names})(/|$)|(\\.\\./)+(services/)?(${names})/src/)`,
    message: `${who} may not import ${whose} code (services meet through queues and HTTP).`,
  };
}

/**
 * The gateway's folders, lowest first (docs/development.md, "The gateway's folders"): a folder
 * imports only from its own layer and those below; the root files (app, gateway, main) sit on top.
 */
const GATEWAY_LAYERS = [
  ["http", "time", "registry"],
  ["limits", "servers", "registry-views", "usage", "admin"],
  ["views"],
  ["accounts"],
  ["checks", "access", "cli"],
  ["read-cache"],
  ["search"],
  ["operations"],
  ["mcp"],
  ["routes"],
];

/** Service boundaries plus, in the gateway, no import of a higher layer's folder or of the root files. */
function serviceImports(service) {
  const others = boundary(
    `the ${service} service`,
    SERVICES.filter((s) => s !== service),
  );
  if (service !== "gateway") return [{ files: [`services/${service}/src/**/*.ts`], patterns: [others] }];
  return GATEWAY_LAYERS.flatMap((layer, i) => {
    const above = GATEWAY_LAYERS.slice(i + 1).flat();
    const upward = {
      regex: `^(\\.\\./)+((${above.join("|")})/|(app|gateway|main)\\.js$)`,
      message: `gateway/${layer.join(", ")} may not import a higher layer (${above.join(", ")}, the root).`,
    };
    return layer.map((folder) => ({
      files: [`services/gateway/src/${folder}/**/*.ts`],
      patterns: [others, upward],
    }));
  }).concat({ files: ["services/gateway/src/*.ts"], patterns: [others] });
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
  // Type-aware rules on the production code, from one TypeScript program over all of it
  // (tsconfig.eslint.json): a program per package (projectService) takes twice the time.
  // Tests and bench are left out: their ~200 findings were `any` from parsed bodies and the like,
  // no bug, for a quarter more time on every lint. Generated code is not written by hand.
  {
    files: PRODUCTION,
    ignores: ["**/*.test.ts", "**/generated/**", "**/*.generated.ts"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Off: an async function without await is deliberate here (fakes and handlers implementing
      // Promise-returning interfaces, their throws turned into rejections); no-floating-promises
      // catches the forgotten await this rule is after.
      "@typescript-eslint/require-await": "off",
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
  ...SERVICES.flatMap(serviceImports).map(({ files, patterns }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns }] },
  })),
);
