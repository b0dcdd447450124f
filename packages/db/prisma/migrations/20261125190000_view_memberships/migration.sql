-- When each server last joined and left each registry view, so that a client syncing a view with
-- updated_since sees a server that joined as new and one that left as deleted.
CREATE TABLE "view_memberships" (
    "view" TEXT NOT NULL,
    "server_name" TEXT NOT NULL,
    "joined_at" TIMESTAMPTZ(6) NOT NULL,
    "left_at" TIMESTAMPTZ(6),
    CONSTRAINT "view_memberships_pkey" PRIMARY KEY ("view", "server_name")
);
CREATE INDEX "view_memberships_view_left_at_idx" ON "view_memberships" ("view", "left_at");
