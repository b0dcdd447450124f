// Every high finding on a real tool the catalog holds (the snapshot's imports, and the lists
// introspection gives), read by hand (issue 47): the verdict and why. `bench/tool-risk-catalog.ts`
// prints each tool with a high finding beside its entry here, so a new one shows as `unreviewed`.
// The tools' own text is not copied: the server and tool name find it in the data.

export type RealReview = {
  server: string;
  tool: string;
  /** The rules behind the high findings when reviewed. */
  rules: string[];
  /** `right`: the finding describes what the tool's text does; `false_alarm`: it does not. */
  verdict: "right" | "false_alarm";
  reason: string;
  /** For a false alarm: the benign shape (labelled/benign-shapes.ts) that now covers it, or how it was fixed. */
  covered_by?: string;
};

/**
 * The claude-flow tools the classifier alone flagged before it became a second opinion: long
 * descriptions written to the model ("Use when … is wrong because …") that steer it among the
 * server's own tools, its relay and its agents. None hides an order, moves a secret or changes
 * another server's tool on a reading.
 */
const CLAUDE_FLOW_LEARNED = [
  "hooks_task-completed",
  "hive-mind_optimize-memory",
  "claims_mark-stealable",
  "managed_agent_create",
  "managed_agent_events",
  "managed_agent_terminate",
  "metaharness_evolve",
  "metaharness_gepa",
  "agenticow_query",
  "federation_bbs_identity",
  "federation_bbs_sync",
  "x_federation_sync",
  "x_federation_roster",
  "x_federation_publish",
  "x_federation_invite_mint",
  "x_federation_admit",
  "seraphina_guidance",
  "x_federation_join",
  "x_federation_channel_create",
  "x_federation_channel_grant",
  "x_federation_channel_accept",
  "x_federation_channel_publish",
  "x_federation_channel_read",
  "x_federation_channel_list",
  "business_pod_route_backend",
  "http_fetch",
];

export const REVIEWED_REAL: RealReview[] = [
  // High findings (2026-11-29, before issue 47's fixes: 9 tools of 5,242; after: 1).
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "agent_execute",
    rules: ["hidden_instructions/defer_to_response", "exfiltration/secret_parameter"],
    verdict: "false_alarm",
    reason:
      "Says when to prefer it over the client's own task tool. The 'instructions' that 'apply' are the spawned agent's stored settings, not text a tool returns; `systemPrompt` is an optional prompt for the agent it runs, overriding its default.",
    covered_by: "own-use-when-02, own-system-prompt-param-01",
  },
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "metaharness_similarity",
    rules: ["cross_tool/side_effect_on_other_tool"],
    verdict: "false_alarm",
    reason:
      "'Use when you need to rank … against a target repo … or feed … Plugin Compat' says when to use this tool; 'target' is what is compared, and no other tool is changed.",
    covered_by: "own-use-when-target-01",
  },
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "federation_bbs_identity",
    rules: ["exfiltration/extra_secret"],
    verdict: "false_alarm",
    reason:
      "Warns that reading the identity file directly is wrong because it also holds the private key, which the tool says it never returns: holding is not handing on.",
    covered_by: "keys-identity-warning-01",
  },
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "seraphina_guidance",
    rules: ["hidden_instructions/defer_to_response"],
    verdict: "false_alarm",
    reason:
      "'Override with tier' sets a parameter; the guidance it returns is called advisory, to be published only if the user agrees.",
    covered_by: "own-advisor-01",
  },
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "x_federation_channel_read",
    rules: ["cross_tool/side_effect_on_other_tool"],
    verdict: "false_alarm",
    reason:
      "'Use when the channel is private' says when to use it, and why the gateway's sync tool cannot decrypt there: advice, no change to that tool.",
    covered_by: "own-use-when-01",
  },
  {
    server: "io.github.karanb192/reddit-mcp-buddy",
    tool: "browse_subreddit",
    rules: ["hidden_instructions/conceal_from_user"],
    verdict: "false_alarm",
    reason:
      "Fields needing credentials are 'silently omitted' when browsing anonymously: a documented limitation.",
    covered_by: "plain-silently-omitted-01",
  },
  {
    server: "io.github.marcelo-ochoa/oracle",
    tool: "orcl-query",
    rules: ["cross_tool/standing_order", "cross_tool/tamper_arguments"],
    verdict: "right",
    reason:
      "A standing order on every SQL query the agent writes: put a comment naming its model and version into the statement, and `model` and `mcp_client` arguments asking the agent to report both. It changes other calls' arguments and collects the agent's identity: disclosed and mild, but exactly the pattern the rules are for.",
  },
  {
    server: "io.github.getsentry/sentry-mcp",
    tool: "analyze_issue_with_seer",
    rules: ["hidden_instructions/conceal_from_user", "hidden_instructions/note_to_model"],
    verdict: "false_alarm",
    reason:
      "'Does not support metric alert issues' read 'alert' as a verb of telling; the 'custom instruction for the AI analysis' parameter configures Sentry's own analysis, not the caller.",
    covered_by: "own-unsupported-use-other-01",
  },
  {
    server: "io.github.getsentry/sentry-mcp",
    tool: "get_sentry_resource",
    rules: ["exfiltration/private_to_outbound"],
    verdict: "false_alarm",
    reason:
      "Passing a conversation id or URL 'to fetch the transcript' reads the user's own recorded agent conversation from their Sentry: the transcript comes in, nothing goes out.",
    covered_by: "keys-own-transcript-01",
  },
  // Medium findings that raised a flag: annotation names.
  {
    server: "io.github.karanb192/reddit-mcp-buddy",
    tool: "get_post_details",
    rules: ["annotation_mismatch/read_only_but_writes"],
    verdict: "false_alarm",
    reason: "readOnlyHint is right: 'post' is the thing read, the verb is 'get'.",
    covered_by: "noun-get-post-details-01",
  },
  {
    server: "io.github.domdomegg/google-drive-mcp",
    tool: "comment_get",
    rules: ["annotation_mismatch/read_only_but_writes"],
    verdict: "false_alarm",
    reason: "Object-first name: the action is 'get'.",
    covered_by: "noun-comment-get-01",
  },
  {
    server: "io.github.domdomegg/google-drive-mcp",
    tool: "reply_get",
    rules: ["annotation_mismatch/read_only_but_writes"],
    verdict: "false_alarm",
    reason: "Object-first name: the action is 'get'.",
    covered_by: "noun-reply-get-01",
  },
  {
    server: "io.github.ChromeDevTools/chrome-devtools-mcp",
    tool: "performance_stop_trace",
    rules: ["annotation_mismatch/read_only_but_writes"],
    verdict: "false_alarm",
    reason:
      "Stops a performance trace recording in the browser it observes: nothing of the user's is changed.",
    covered_by: "noun-stop-trace-01",
  },
  // Medium findings of the classifier alone, which raised a flag until it became a second opinion.
  {
    server: "com.letta/memory-mcp",
    tool: "get_memory",
    rules: ["learned/classifier"],
    verdict: "false_alarm",
    reason: "A memory store whose description speaks to the model of 'the conversation'.",
    covered_by: "the classifier's score alone is a second opinion (secondOpinion)",
  },
  {
    server: "io.github.domdomegg/gmail-mcp",
    tool: "write-draft-email",
    rules: ["learned/classifier"],
    verdict: "false_alarm",
    reason: "Drafts a mail for the user to send; the words of mail read like an attack's to the model.",
    covered_by: "the classifier's score alone is a second opinion (secondOpinion)",
  },
  ...CLAUDE_FLOW_LEARNED.map((tool): RealReview => ({
    server: "io.github.ruvnet/claude-flow",
    tool,
    rules: ["learned/classifier"],
    verdict: "false_alarm",
    reason:
      "Written to the model at length to steer it among the server's own tools, relay and agents; no hidden order, secret moved or other server's tool changed.",
    covered_by: "the classifier's score alone is a second opinion (secondOpinion)",
  })),
  // Flags without a high finding: the classifier's evidence score corroborated by a rule's evidence.
  {
    server: "io.github.ruvnet/claude-flow",
    tool: "agent_execute",
    rules: ["learned/corroborated"],
    verdict: "false_alarm",
    reason:
      "Runs one of the server's own agents with its stored instructions; 'instructions … apply to this run' reads as deferring to elsewhere, and the long text to the model scores high.",
  },
  ...["get_weather_summary", "get_current_conditions"].map((tool): RealReview => ({
    server: "io.github.dgahagan/weather-mcp",
    tool,
    rules: ["learned/corroborated"],
    verdict: "false_alarm",
    reason:
      "Says which of the server's own weather tools to use when ('you only need …'); the names of its siblings read as other tools named. A known false alarm of corroboration.",
  })),
];
