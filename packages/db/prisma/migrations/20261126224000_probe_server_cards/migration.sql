-- The server card (SEP-2127) a probe found, as served. The probe result keeps its summary
-- (where, name, remotes, what it embeds) in result.server_card, without the card itself.
ALTER TABLE "probes" ADD COLUMN "server_card" JSONB;
