import { readFileSync } from "node:fs";
import type { SearchAnswer } from "@catalog/contracts";
import { cappedRecallAtK, coverageAtK, mean, ndcgAtK } from "@catalog/search-core";

/**
 * The labelled search sets (tests/fixtures/search, how each was made in its README) and the
 * measures the quality benchmark and the integration tests compute over them.
 */
export type LabelledQuery = { q: string; servers: string[]; tools: string[] };
type TaskStep = { intent: string; servers: string[]; tools: string[]; implied?: boolean };
export type LabelledTask = { q: string; steps: TaskStep[] };
export type LabelledSets = {
  names: LabelledQuery[];
  intents: LabelledQuery[];
  tasks: LabelledTask[];
  /** Tasks whose needs are mostly implied (an output file, a page, an address). */
  implied: LabelledTask[];
};

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/search/${file}`, import.meta.url), "utf8")) as T;

export function labelledSets(): LabelledSets {
  return {
    names: read<{ queries: LabelledQuery[] }>("names.json").queries,
    intents: read<{ queries: LabelledQuery[] }>("intents.json").queries,
    tasks: read<{ tasks: LabelledTask[] }>("tasks.json").tasks,
    implied: read<{ tasks: LabelledTask[] }>("implied.json").tasks,
  };
}

/** A search as the measures call it: a query, and the agent's own steps when it gives them. */
export type Searcher = (q: string, intents?: string[]) => Promise<SearchAnswer>;

export type Figures = Record<string, number>;

const servers = (a: SearchAnswer) => a.results.map((r) => r.name);
const tools = (a: SearchAnswer, results = a.results) =>
  results.flatMap((r) => r.matched_tools.map((t) => `${r.name}#${t.name}`));

/**
 * Product names: the first result is a server named after the product (P@1); recall capped at
 * 5 and nDCG@10 over every server named after it.
 */
export async function measureNames(search: Searcher, set: readonly LabelledQuery[]): Promise<Figures> {
  const p1: number[] = [];
  const recall: number[] = [];
  const ndcg: number[] = [];
  for (const item of set) {
    const answer = await search(item.q);
    const relevant = new Set(item.servers);
    p1.push(relevant.has(servers(answer)[0] ?? "") ? 1 : 0);
    recall.push(cappedRecallAtK(servers(answer), relevant, 5));
    ndcg.push(ndcgAtK(servers(answer), relevant, 10));
  }
  return { "P@1": mean(p1), "server Recall@5": mean(recall), "server nDCG@10": mean(ndcg) };
}

/** Single intents: server and tool recall capped at 5 and nDCG@10 (tools of the results in order). */
export async function measureIntents(search: Searcher, set: readonly LabelledQuery[]): Promise<Figures> {
  const s = { recall: [] as number[], ndcg: [] as number[] };
  const t = { recall: [] as number[], ndcg: [] as number[] };
  for (const item of set) {
    const answer = await search(item.q);
    s.recall.push(cappedRecallAtK(servers(answer), new Set(item.servers), 5));
    s.ndcg.push(ndcgAtK(servers(answer), new Set(item.servers), 10));
    if (item.tools.length === 0) continue;
    t.recall.push(cappedRecallAtK(tools(answer), new Set(item.tools), 5));
    t.ndcg.push(ndcgAtK(tools(answer), new Set(item.tools), 10));
  }
  return {
    "server Recall@5": mean(s.recall),
    "server nDCG@10": mean(s.ndcg),
    "tool Recall@5": mean(t.recall),
    "tool nDCG@10": mean(t.ndcg),
  };
}

/**
 * Tasks: server Recall@5 is the share of a task's steps with a server able to do the step among
 * the first five results; tool Recall@5 the share of its steps with tool labels that have such a
 * tool among the matched tools of those five; nDCG@10 over the servers of all its steps.
 */
export async function measureTasks(search: Searcher, set: readonly LabelledTask[]): Promise<Figures> {
  const recall: number[] = [];
  const toolRecall: number[] = [];
  const ndcg: number[] = [];
  for (const task of set) {
    const answer = await search(task.q);
    recall.push(
      coverageAtK(
        servers(answer),
        task.steps.map((s) => new Set(s.servers)),
        5,
      ),
    );
    ndcg.push(ndcgAtK(servers(answer), new Set(task.steps.flatMap((s) => s.servers)), 10));
    const labelled = task.steps.filter((s) => s.tools.length > 0);
    if (labelled.length === 0) continue;
    const top = tools(answer, answer.results.slice(0, 5));
    toolRecall.push(
      coverageAtK(
        top,
        labelled.map((s) => new Set(s.tools)),
        top.length,
      ),
    );
  }
  return { "server Recall@5": mean(recall), "server nDCG@10": mean(ndcg), "tool Recall@5": mean(toolRecall) };
}

/**
 * Tasks sent as an agent that plans sends them: the task with its labelled steps as the
 * intents list. Server Recall@5 is the share of steps whose own answer (`intents[i]`) has a
 * server able to do the step among its first five; tool Recall@5 the share of labelled steps
 * with such a tool among those servers' matched tools. `merged` measures the same on the
 * merged results, as `measureTasks` does.
 */
export async function measureSteps(search: Searcher, set: readonly LabelledTask[]): Promise<Figures> {
  const recall: number[] = [];
  const toolRecall: number[] = [];
  const merged: number[] = [];
  for (const task of set) {
    const answer = await search(
      task.q,
      task.steps.map((s) => s.intent),
    );
    const found = task.steps.map((step, i) => {
      const own = (answer.intents?.[i]?.results ?? []).slice(0, 5);
      return {
        server: own.some((r) => step.servers.includes(r.name)),
        tool: own.some((r) => r.tools.some((t) => step.tools.includes(`${r.name}#${t}`))),
      };
    });
    recall.push(mean(found.map((f) => (f.server ? 1 : 0))));
    const labelled = found.filter((_, i) => task.steps[i]!.tools.length > 0);
    if (labelled.length > 0) toolRecall.push(mean(labelled.map((f) => (f.tool ? 1 : 0))));
    merged.push(
      coverageAtK(
        servers(answer),
        task.steps.map((s) => new Set(s.servers)),
        5,
      ),
    );
  }
  return {
    "server Recall@5": mean(recall),
    "tool Recall@5": mean(toolRecall),
    "merged server Recall@5": mean(merged),
  };
}
