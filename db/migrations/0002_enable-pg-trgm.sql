-- Trigram indexes (employee search by name or document) need pg_trgm: PostgreSQL ships it in contrib
-- and the PGlite client factory loads it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
