// Where a process's CPU went: self time by package or source file and by function, from a
// .cpuprofile (node --cpu-prof, or BENCH_CPU_PROF=<dir> on search:speed), optionally only the
// samples between two offsets from the profile's start (a load phase rather than the start-up).
// A per-second activity line helps find those offsets.
// Usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [fromSeconds] [toSeconds] [--activity]
import { readFileSync } from "node:fs";

const [file, from = "0", to = "Infinity"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
const window = [Number(from) * 1e6, Number(to) * 1e6];
const idle = new Set(["(idle)", "(program)"]);

/** Microseconds per node id within the window, and busy microseconds per second of the profile. */
const self = new Map();
const busyPerSecond = [];
let at = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  const second = Math.floor(at / 1e6);
  const name = nodes.get(id).callFrame.functionName;
  if (!idle.has(name)) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + dt;
  if (at >= window[0] && at < window[1]) self.set(id, (self.get(id) ?? 0) + dt);
});

const where = (url) =>
  url === ""
    ? "(native or V8)"
    : (/node_modules\/\.pnpm\/([^/]+)\//.exec(url)?.[1] ??
      url.replace(/^.*?\/(packages|services|bench)\//, "$1/").replace(/^node:.*/, "node internals"));
/** The innermost frame of the project's own code above a sample: who asked for the work. */
const ours = (id) => {
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const { functionName, url, lineNumber } = nodes.get(at).callFrame;
    if (/\/(packages|services)\/[^/]+\/(src|dist)\//.test(url))
      return `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}`;
  }
  return "(outside the project's code)";
};
const byPlace = new Map();
const byFunction = new Map();
const byOurs = new Map();
let total = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  total += us;
  const place = idle.has(functionName) ? functionName : where(url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  const fn = `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  if (!idle.has(functionName)) byOurs.set(ours(id), (byOurs.get(ours(id)) ?? 0) + us);
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, us]) =>
        `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${k}`,
    )
    .join("\n");

if (process.argv.includes("--activity"))
  console.log(
    `busy ms per second: ${busyPerSecond.map((us = 0, s) => `${s}:${Math.round((us ?? 0) / 1e3)}`).join(" ")}\n`,
  );
console.log(`${(total / 1e6).toFixed(1)} s of samples between ${from} s and ${to} s`);
console.log(`\nby place\n${top(byPlace, 15)}`);
console.log(`\nby function (self time)\n${top(byFunction, 25)}`);
console.log(`\nby the project's function that asked (libraries it called included)\n${top(byOurs, 25)}`);
