-- PostgreSQL records every kind of work the catalog owes, so that a Redis that lost its queues
-- can be given the work again (issue 32: the reconciler of each service compares this with what
-- is queued).

-- Catalog writes handed over (mirrored or imported versions, imported tool lists), until written.
CREATE TABLE "catalog_inbox" (
    "job_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSON NOT NULL,
    "queued_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "catalog_inbox_pkey" PRIMARY KEY ("job_id")
);
CREATE INDEX "catalog_inbox_queued_at_idx" ON "catalog_inbox"("queued_at");

-- The server state the search documents of each server were built from. The documents there are
-- count as built from the current state (the index jobs that wrote them ran): nothing is
-- re-indexed at once.
CREATE TABLE "search_index_state" (
    "server_name" TEXT NOT NULL,
    "modified_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "search_index_state_pkey" PRIMARY KEY ("server_name")
);
INSERT INTO "search_index_state" ("server_name", "modified_at")
SELECT s."name", s."modified_at" FROM "servers" s
WHERE EXISTS (SELECT 1 FROM "search_documents" d WHERE d."server_name" = s."name" AND d."kind" = 'server');

-- The basis an assign-categories job was queued for.
ALTER TABLE "servers" ADD COLUMN "categories_wanted" TEXT;

-- The probe round last queued for each target.
ALTER TABLE "probe_targets" ADD COLUMN "queued_for" TIMESTAMPTZ(6);
