-- The newest version of each npm/PyPI package beside the listed one (issue 35: listing_behind_package).
ALTER TABLE "dependency_reports" ADD COLUMN "newest_version" TEXT,
ADD COLUMN "newest_published_at" TIMESTAMPTZ(6),
ADD COLUMN "listed_published_at" TIMESTAMPTZ(6),
ADD COLUMN "behind" TEXT;
