-- Keyword search moved into the search service (an in-memory BM25F index built from these rows):
-- the tsvector and the full-text and trigram indexes left the query path, and writing them cost
-- most of a document write. Parameter descriptions become a field of their own.
DROP INDEX IF EXISTS "search_documents_server_tsv_idx";
DROP INDEX IF EXISTS "search_documents_tool_tsv_idx";
DROP INDEX IF EXISTS "search_documents_server_trgm_idx";
DROP INDEX IF EXISTS "search_documents_tool_trgm_idx";
ALTER TABLE "search_documents" DROP COLUMN "tsv";
ALTER TABLE "search_documents" ADD COLUMN "params" TEXT NOT NULL DEFAULT '';
-- The lexical index loads a server's documents together, in keyset pages of (server_name, id).
DROP INDEX "search_documents_server_name_idx";
CREATE INDEX "search_documents_server_name_id_idx" ON "search_documents"("server_name", "id");
