export { advisoryFor, fixedIn, osvUrl, OsvRecordSchema, type Advisory, type OsvRecord } from "./advisory.js";
export { ECOSYSTEMS, ecosystemOf, type Ecosystem } from "./ecosystems/index.js";
export {
  freshnessOf,
  newestVersion,
  STALE_AFTER_DAYS,
  type BehindReason,
  type Freshness,
  type PublishedVersion,
} from "./freshness.js";
export {
  DepsDevGraphSchema,
  readGraph,
  type DepsDevGraph,
  type GraphNode,
  type McpSdk,
  type ResolvedGraph,
} from "./graph.js";
export { ratingOf, severityOf, SEVERITIES, type Severity } from "./severity.js";
