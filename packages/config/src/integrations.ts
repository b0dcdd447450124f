import type { Config } from "./index.js";

/**
 * The integrations that reach outside the cluster, each behind its own switch: what /healthz
 * and the metrics report, so that an air-gapped install says what it does not do.
 */
export const INTEGRATIONS = {
  registry_mirror: "MIRROR_ENABLED",
  dependencies: "DEPENDENCIES_ENABLED",
  scheduled_probes: "SCHEDULED_PROBES_ENABLED",
} as const satisfies Record<string, keyof Config>;

export type Integration = keyof typeof INTEGRATIONS;
export type IntegrationStates = Record<Integration, "on" | "off">;

export function integrationStates(
  config: Pick<Config, (typeof INTEGRATIONS)[Integration]>,
): IntegrationStates {
  const entries = Object.entries(INTEGRATIONS).map(([name, key]) => [name, config[key] ? "on" : "off"]);
  return Object.fromEntries(entries) as IntegrationStates;
}
