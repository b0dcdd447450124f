-- AlterTable
ALTER TABLE "search_documents" ADD COLUMN     "embed_hash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "transports" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "search_documents_kind_embed_hash_idx" ON "search_documents"("kind", "embed_hash");

