-- A removed tool re-added under a new name is recorded as a rename, with the name it had.
ALTER TYPE "ToolChangeKind" ADD VALUE 'renamed';
ALTER TABLE "tool_changes" ADD COLUMN "renamed_from" TEXT;
