-- The access classes a server's probed remotes showed (open, late_gate, hard_gate), derived with
-- its connectability so search can filter by them without reading probes. Servers derived before
-- it pick theirs up at their next derivation (a probe, a release, or the daily quality pass).
ALTER TABLE "servers" ADD COLUMN "access_classes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
