-- What tool definitions cost in a model's context (@catalog/context-cost): per tool, per
-- observation and per server. NULL until counted: rows written before this migration are counted
-- by the catalog service's backfill at its start.
ALTER TABLE "tools" ADD COLUMN "definition_tokens" INTEGER;
ALTER TABLE "tool_observations" ADD COLUMN "total_tokens" INTEGER;
ALTER TABLE "servers" ADD COLUMN "tool_tokens" INTEGER;
