-- A check names a remote's URL or, since issue 44, a package to start in the sandbox: exactly one.
-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "package_identifier" TEXT,
ADD COLUMN     "package_registry_type" TEXT,
ADD COLUMN     "package_version" TEXT,
ALTER COLUMN "url" DROP NOT NULL;

-- Prisma does not model CHECK constraints: this one is kept by hand.
ALTER TABLE "checks" ADD CONSTRAINT "checks_url_or_package" CHECK (
    ("url" IS NULL) <> ("package_identifier" IS NULL)
    AND ("package_identifier" IS NULL) = ("package_registry_type" IS NULL)
);
