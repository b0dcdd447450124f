-- Packaged servers introspected in the prober's sandbox (issue 44): their tools are observed with
-- their own source, and the packages of servers that offer no remote go on a schedule of their own.
ALTER TYPE "ToolSource" ADD VALUE 'introspection';

CREATE TABLE "package_targets" (
    "server_name" TEXT NOT NULL,
    "registry_type" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "package_version" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(6) NOT NULL,
    "package" JSONB NOT NULL,
    "next_at" TIMESTAMPTZ(6),
    "queued_for" TIMESTAMPTZ(6),
    "last_at" TIMESTAMPTZ(6),
    "last_outcome" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "result" JSONB,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "package_targets_pkey" PRIMARY KEY ("server_name", "registry_type", "identifier", "package_version")
);

CREATE INDEX "package_targets_active_next_at_idx" ON "package_targets"("active", "next_at");
CREATE INDEX "package_targets_queued_for_idx" ON "package_targets"("queued_for");

ALTER TABLE "package_targets" ADD CONSTRAINT "package_targets_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;
