-- Registry views defined through the admin API (beside the built-in ones and VIEWS_FILE's).
CREATE TABLE "registry_views" (
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "rules" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "registry_views_pkey" PRIMARY KEY ("name")
);
