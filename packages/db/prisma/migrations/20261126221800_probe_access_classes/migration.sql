-- AlterTable: each probe's access class (open, late_gate, hard_gate) and what tools/list said about caching it.
ALTER TABLE "probes" ADD COLUMN "access" TEXT,
ADD COLUMN "tools_ttl_ms" INTEGER,
ADD COLUMN "tools_cache_scope" TEXT;
