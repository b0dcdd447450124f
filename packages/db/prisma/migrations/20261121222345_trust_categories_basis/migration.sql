-- AlterTable
ALTER TABLE "servers" ADD COLUMN     "categories_basis" TEXT;

