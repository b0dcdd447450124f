import { READINESS_STATUSES, type ReadinessDirectory, type ReadinessRequirement } from "@catalog/contracts";
import { CHATGPT_RULES } from "./chatgpt.js";
import { CLAUDE_RULES } from "./claude.js";
import type { ReadinessInput, Rule } from "./types.js";

const DIRECTORIES = [
  { directory: "claude", title: "Anthropic Connectors Directory (Claude)", rules: CLAUDE_RULES },
  { directory: "chatgpt", title: "OpenAI Apps Directory (ChatGPT)", rules: CHATGPT_RULES },
] as const;

function requirement(rule: Rule, input: ReadinessInput): ReadinessRequirement {
  const judged = rule.evaluate
    ? rule.evaluate(input)
    : { status: "manual" as const, detail: rule.manual ?? "Needs a human reviewer." };
  return {
    id: rule.id,
    title: rule.title,
    status: judged.status,
    detail: judged.detail,
    source: rule.source,
  };
}

/** Every requirement of both directories, judged from the probe where a probe can judge it. */
export function assessReadiness(input: ReadinessInput): ReadinessDirectory[] {
  return DIRECTORIES.map(({ directory, title, rules }) => {
    const requirements = rules.map((r) => requirement(r, input));
    const counts = Object.fromEntries(
      READINESS_STATUSES.map((s) => [s, requirements.filter((r) => r.status === s).length]),
    ) as ReadinessDirectory["counts"];
    return { directory, title, counts, requirements };
  });
}
