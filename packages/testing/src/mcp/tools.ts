/** A tool exactly as a server lists it (raw JSON, so tests can serve broken definitions too). */
export type RawTool = { name: string } & Record<string, unknown>;

/** A small, well-described tool set: every quality check passes on it. */
export function sampleTools(): RawTool[] {
  return [
    {
      name: "get_forecast",
      title: "Get forecast",
      description: "Returns the weather forecast for a city for the next days.",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
        required: ["city"],
      },
      annotations: { title: "Get forecast", readOnlyHint: true, openWorldHint: true },
    },
    {
      name: "list_cities",
      title: "List cities",
      description: "Lists the cities that have forecasts.",
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      annotations: { title: "List cities", readOnlyHint: true, openWorldHint: false },
    },
    {
      name: "delete_alert",
      title: "Delete alert",
      description: "Deletes a weather alert subscription by its id.",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      annotations: {
        title: "Delete alert",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
      },
    },
  ];
}

/** Pages of a tool list: the cursor is the index of the first tool of the page. */
export function page(tools: RawTool[], cursor: string | undefined, size: number) {
  const start = cursor ? Number(cursor) : 0;
  const next = start + size;
  return { tools: tools.slice(start, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
}
