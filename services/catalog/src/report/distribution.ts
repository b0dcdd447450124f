import type { Distribution } from "@catalog/db";

/** No category may hold more than this share of the servers... */
const MAX_CATEGORY_SHARE = 1 / 3;
/** ...and `other` must stay under this one: otherwise the taxonomy or the assignment is off. */
const MAX_OTHER_SHARE = 0.15;

const percent = (n: number, total: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;

function table(title: string, counts: Record<string, number>, total: number): string[] {
  const width = Math.max(...Object.keys(counts).map((k) => k.length), 8);
  return [
    `${title}:`,
    ...Object.entries(counts).map(
      ([k, n]) => `  ${k.padEnd(width)} ${String(n).padStart(6)}  ${percent(n, total)}`,
    ),
  ];
}

/** The report as text: one table per derived fact. */
export function formatDistribution(d: Distribution): string {
  const trust = Object.fromEntries(
    Object.entries(d.trust).map(([low, n]) => [
      `${Number(low)}-${Number(low) === 90 ? 100 : Number(low) + 9}`,
      n,
    ]),
  );
  return [
    `servers: ${d.servers} (not deleted upstream); owner verified: ${d.ownerVerified} (${percent(d.ownerVerified, d.servers)})`,
    ...table("connection classes", d.classes, d.servers),
    ...table("trust scores", trust, d.servers),
    ...table("quality labels", d.quality, d.servers),
    ...table("categories (a server counts in each of its 1..3)", d.categories, d.servers),
    ...table("categories per server", d.categoryCounts, d.servers),
    ...table("trust flags", d.flags, d.servers),
    packagedLine(d.packaged),
  ].join("\n");
}

/** The share of packaged listings behind their package's newest version, among those deps.dev knows. */
function packagedLine({ listings, read, behind }: Distribution["packaged"]): string {
  return (
    `packaged listings (npm/PyPI): ${listings}; newest version known: ${read}; ` +
    `behind their package: ${behind} (${percent(behind, read)} of those known)`
  );
}

/** What makes the distribution implausible; empty when it makes sense. */
export function distributionProblems(d: Distribution): string[] {
  const problems: string[] = [];
  for (const [category, n] of Object.entries(d.categories)) {
    if (category !== "other" && n > d.servers * MAX_CATEGORY_SHARE)
      problems.push(`category ${category} holds ${percent(n, d.servers)} of the servers (at most a third)`);
  }
  const other = d.categories.other ?? 0;
  if (other >= d.servers * MAX_OTHER_SHARE)
    problems.push(`category other holds ${percent(other, d.servers)} of the servers (under 15%)`);
  const unlabelled = d.servers - Object.values(d.quality).reduce((a, b) => a + b, 0);
  if (unlabelled !== 0) problems.push(`${unlabelled} servers have no quality label`);
  if ((d.categoryCounts["0"] ?? 0) > 0) problems.push(`${d.categoryCounts["0"]} servers have no category`);
  return problems;
}
