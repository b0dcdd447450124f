-- Trigram matching for name substring search (/v0.1 search) and identifiers (search service).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "ServerStatus" AS ENUM ('active', 'deprecated', 'deleted');

-- CreateEnum
CREATE TYPE "ConnectionClass" AS ENUM ('R0', 'R1', 'R2', 'L0', 'unknown');

-- CreateEnum
CREATE TYPE "ToolSource" AS ENUM ('probe', 'check', 'import');

-- CreateEnum
CREATE TYPE "ToolChangeKind" AS ENUM ('added', 'removed', 'changed');

-- CreateEnum
CREATE TYPE "CheckStatus" AS ENUM ('queued', 'running', 'done');

-- CreateEnum
CREATE TYPE "DependencyStatus" AS ENUM ('resolved', 'incomplete', 'unknown', 'pending');

-- Names and versions sort in plain byte order ("C"), as the official registry orders them.
-- CreateTable
CREATE TABLE "servers" (
    "name" TEXT COLLATE "C" NOT NULL,
    "namespace" TEXT NOT NULL,
    "latest_version" TEXT,
    "status" "ServerStatus" NOT NULL DEFAULT 'active',
    "title" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "website_url" TEXT,
    "repository_url" TEXT,
    "first_published_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "deleted_at" TIMESTAMPTZ(6),
    "connection_class" "ConnectionClass" NOT NULL DEFAULT 'unknown',
    "autonomous" BOOLEAN NOT NULL DEFAULT false,
    "human_steps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "connectability" JSONB NOT NULL DEFAULT '{}',
    "trust_score" INTEGER NOT NULL DEFAULT 0,
    "trust_flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "trust_evidence" JSONB NOT NULL DEFAULT '{}',
    "quality_score" INTEGER,
    "quality_label" TEXT NOT NULL DEFAULT 'unrated',
    "quality_checks" JSONB NOT NULL DEFAULT '[]',
    "quality_assessed_at" TIMESTAMPTZ(6),
    "categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "owner" JSONB NOT NULL DEFAULT '{"verified":false,"method":null,"evidence":null,"verified_at":null}',
    "tool_count" INTEGER NOT NULL DEFAULT 0,
    "derived_stale" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "servers_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "server_versions" (
    "id" BIGSERIAL NOT NULL,
    "server_name" TEXT COLLATE "C" NOT NULL,
    "version" TEXT COLLATE "C" NOT NULL,
    "server_json" JSON NOT NULL,
    "official_meta" JSON NOT NULL,
    "status" "ServerStatus" NOT NULL,
    "status_changed_at" TIMESTAMPTZ(6),
    "status_message" TEXT,
    "published_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "is_latest" BOOLEAN NOT NULL,
    "content_hash" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'mirror',
    "ingested_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tools" (
    "server_name" TEXT COLLATE "C" NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "title" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "input_schema" JSONB NOT NULL,
    "output_schema" JSONB,
    "annotations" JSONB NOT NULL DEFAULT '{}',
    "source" "ToolSource" NOT NULL,
    "observed_at" TIMESTAMPTZ(6) NOT NULL,
    "definition_hash" TEXT NOT NULL,

    CONSTRAINT "tools_pkey" PRIMARY KEY ("server_name","name")
);

-- CreateTable
CREATE TABLE "tool_observations" (
    "id" BIGSERIAL NOT NULL,
    "server_name" TEXT NOT NULL,
    "source" "ToolSource" NOT NULL,
    "observed_at" TIMESTAMPTZ(6) NOT NULL,
    "list_hash" TEXT NOT NULL,
    "tool_count" INTEGER NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "tool_observations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tool_changes" (
    "id" BIGSERIAL NOT NULL,
    "server_name" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "kind" "ToolChangeKind" NOT NULL,
    "observed_at" TIMESTAMPTZ(6) NOT NULL,
    "fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "description_before" TEXT,
    "description_after" TEXT,
    "description_similarity" DOUBLE PRECISION,
    "hash_before" TEXT,
    "hash_after" TEXT,

    CONSTRAINT "tool_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "probe_targets" (
    "server_name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "next_probe_at" TIMESTAMPTZ(6) NOT NULL,
    "last_probe_at" TIMESTAMPTZ(6),
    "last_outcome" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "probe_targets_pkey" PRIMARY KEY ("server_name","url")
);

-- CreateTable
CREATE TABLE "probes" (
    "id" BIGSERIAL NOT NULL,
    "server_name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scheduled" BOOLEAN NOT NULL DEFAULT true,
    "outcome" TEXT NOT NULL,
    "protocol_version" TEXT,
    "latency_ms" INTEGER,
    "auth_required" BOOLEAN NOT NULL DEFAULT false,
    "result" JSONB NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL,
    "finished_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "probes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quality_scores" (
    "server_name" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "score" INTEGER,
    "label" TEXT NOT NULL,

    CONSTRAINT "quality_scores_pkey" PRIMARY KEY ("server_name","day")
);

-- CreateTable
CREATE TABLE "dependency_reports" (
    "id" BIGSERIAL NOT NULL,
    "server_name" TEXT NOT NULL,
    "ecosystem" TEXT NOT NULL,
    "package_name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "status" "DependencyStatus" NOT NULL DEFAULT 'pending',
    "dependency_count" INTEGER NOT NULL DEFAULT 0,
    "mcp_sdk" JSONB,
    "graph" JSONB,
    "resolved_at" TIMESTAMPTZ(6),
    "next_refresh_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "advisories_at" TIMESTAMPTZ(6),
    "error" TEXT,

    CONSTRAINT "dependency_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "advisories" (
    "id" BIGSERIAL NOT NULL,
    "report_id" BIGINT NOT NULL,
    "osv_id" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "package_name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    "fixed_in" TEXT,
    "url" TEXT NOT NULL,

    CONSTRAINT "advisories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checks" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "normalized_url" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "status" "CheckStatus" NOT NULL DEFAULT 'queued',
    "server_name" TEXT,
    "requester" TEXT NOT NULL,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "display_name" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id_hash" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id_hash")
);

-- CreateTable
CREATE TABLE "usage_counters" (
    "account_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "operation" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("account_id","day","operation")
);

-- CreateTable
CREATE TABLE "monitored_servers" (
    "account_id" TEXT NOT NULL,
    "server_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitored_servers_pkey" PRIMARY KEY ("account_id","server_name")
);

-- CreateTable
CREATE TABLE "blocklist" (
    "name" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocklist_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "mirror_state" (
    "source" TEXT NOT NULL,
    "high_water_mark" TIMESTAMPTZ(6),
    "run_mode" TEXT,
    "run_since" TIMESTAMPTZ(6),
    "run_cursor" TEXT,
    "run_max_updated" TIMESTAMPTZ(6),
    "run_started_at" TIMESTAMPTZ(6),
    "last_success_at" TIMESTAMPTZ(6),
    "last_full_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "last_stats" JSONB,

    CONSTRAINT "mirror_state_pkey" PRIMARY KEY ("source")
);

-- CreateTable
CREATE TABLE "search_documents" (
    "id" TEXT NOT NULL,
    "server_name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "tool_name" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL DEFAULT '',
    "identifiers" TEXT NOT NULL DEFAULT '',
    "tsv" tsvector,
    "content_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "embeddings" (
    "content_hash" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dims" INTEGER NOT NULL,
    "vector" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "embeddings_pkey" PRIMARY KEY ("model","content_hash")
);

-- CreateIndex
CREATE INDEX "servers_trust_score_idx" ON "servers"("trust_score" DESC);

-- CreateIndex
CREATE INDEX "servers_connection_class_idx" ON "servers"("connection_class");

-- CreateIndex
CREATE INDEX "servers_updated_at_idx" ON "servers"("updated_at");

-- CreateIndex
CREATE INDEX "servers_categories_idx" ON "servers" USING GIN ("categories");

-- CreateIndex
CREATE INDEX "servers_trust_flags_idx" ON "servers" USING GIN ("trust_flags");

-- CreateIndex
CREATE INDEX "server_versions_server_name_trgm_idx" ON "server_versions" USING GIN ("server_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "server_versions_updated_at_idx" ON "server_versions"("updated_at");

-- CreateIndex
CREATE INDEX "server_versions_is_latest_server_name_version_idx" ON "server_versions"("is_latest", "server_name", "version");

-- CreateIndex
CREATE INDEX "server_versions_server_name_published_at_idx" ON "server_versions"("server_name", "published_at");

-- CreateIndex
CREATE UNIQUE INDEX "server_versions_server_name_version_key" ON "server_versions"("server_name", "version");

-- CreateIndex
CREATE INDEX "tool_observations_server_name_observed_at_idx" ON "tool_observations"("server_name", "observed_at" DESC);

-- CreateIndex
CREATE INDEX "tool_changes_server_name_observed_at_id_idx" ON "tool_changes"("server_name", "observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "probe_targets_active_next_probe_at_idx" ON "probe_targets"("active", "next_probe_at");

-- CreateIndex
CREATE INDEX "probe_targets_url_idx" ON "probe_targets"("url");

-- CreateIndex
CREATE INDEX "probes_server_name_started_at_idx" ON "probes"("server_name", "started_at" DESC);

-- CreateIndex
CREATE INDEX "dependency_reports_next_refresh_at_idx" ON "dependency_reports"("next_refresh_at");

-- CreateIndex
CREATE UNIQUE INDEX "dependency_reports_server_name_ecosystem_package_name_versi_key" ON "dependency_reports"("server_name", "ecosystem", "package_name", "version");

-- CreateIndex
CREATE INDEX "advisories_osv_id_idx" ON "advisories"("osv_id");

-- CreateIndex
CREATE UNIQUE INDEX "advisories_report_id_osv_id_package_name_version_key" ON "advisories"("report_id", "osv_id", "package_name", "version");

-- CreateIndex
CREATE INDEX "checks_normalized_url_created_at_idx" ON "checks"("normalized_url", "created_at" DESC);

-- CreateIndex
CREATE INDEX "checks_expires_at_idx" ON "checks"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_issuer_subject_key" ON "accounts"("issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_revoked_at_idx" ON "api_keys"("account_id", "revoked_at");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "monitored_servers_server_name_idx" ON "monitored_servers"("server_name");

-- CreateIndex
CREATE INDEX "search_documents_server_name_idx" ON "search_documents"("server_name");

-- CreateIndex
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING GIN ("tsv");

-- CreateIndex
CREATE INDEX "search_documents_identifiers_trgm_idx" ON "search_documents" USING GIN ("identifiers" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "server_versions" ADD CONSTRAINT "server_versions_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tools" ADD CONSTRAINT "tools_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tool_observations" ADD CONSTRAINT "tool_observations_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_targets" ADD CONSTRAINT "probe_targets_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probes" ADD CONSTRAINT "probes_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quality_scores" ADD CONSTRAINT "quality_scores_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dependency_reports" ADD CONSTRAINT "dependency_reports_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "dependency_reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "monitored_servers" ADD CONSTRAINT "monitored_servers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "monitored_servers" ADD CONSTRAINT "monitored_servers_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_server_name_fkey" FOREIGN KEY ("server_name") REFERENCES "servers"("name") ON DELETE CASCADE ON UPDATE CASCADE;
