-- Full-text and trigram indexes per document kind. Every keyword query is of one kind: with one
-- index over both, a server query read the postings of every tool (fifteen times as many) and
-- visited their rows only to drop them. Partial indexes cannot be written in schema.prisma;
-- `prisma migrate diff` leaves them alone.
--
-- fastupdate off: a GIN index with fastupdate keeps new entries in a pending list that every
-- search reads in full until vacuum merges it (up to 4 MB, read per query: four fifths of a
-- keyword query's time after a bulk load). Searches far outnumber document writes.
CREATE INDEX "search_documents_server_tsv_idx" ON "search_documents" USING GIN ("tsv")
  WITH (fastupdate = off) WHERE "kind" = 'server';
CREATE INDEX "search_documents_tool_tsv_idx" ON "search_documents" USING GIN ("tsv")
  WITH (fastupdate = off) WHERE "kind" = 'tool';
CREATE INDEX "search_documents_server_trgm_idx" ON "search_documents" USING GIN ("identifiers" gin_trgm_ops)
  WITH (fastupdate = off) WHERE "kind" = 'server';
CREATE INDEX "search_documents_tool_trgm_idx" ON "search_documents" USING GIN ("identifiers" gin_trgm_ops)
  WITH (fastupdate = off) WHERE "kind" = 'tool';

DROP INDEX "search_documents_tsv_idx";
DROP INDEX "search_documents_identifiers_trgm_idx";
