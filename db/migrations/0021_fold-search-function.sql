-- One folding for every search (issue 21): the generated column `employees.search_text` and each
-- search word go through `fold_search`, so a name typed exactly always finds itself ('François',
-- 'Gonçalves', 'Ñahui', 'Müller') and so does its unaccented form. `unaccent` (PostgreSQL's contrib;
-- PGlite ships it and the client factory loads it) turns every accented Latin letter, upper or lower
-- case, precomposed or as a separate mark, into its plain letters; `lower` then meets plain letters
-- whatever the database's locale. `unaccent(text)` is only STABLE (it reads the dictionary named by
-- the search path): naming the dictionary makes the result depend on the argument alone, so the
-- function may be IMMUTABLE, as a generated column and its indexes need. The SQL-standard body is
-- bound when created, so a restore finds the extension's functions whatever its search path.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION "fold_search"(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(unaccent('unaccent'::regdictionary, $1));
--> statement-breakpoint
-- The LIKE pattern that finds a search word inside a folded text: folded first, then its wildcard
-- characters escaped as paging.ts's `likePattern` escapes them (folding can make one: '％' → '%').
CREATE FUNCTION "search_pattern"(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN '%' || regexp_replace(fold_search($1), '([\\%_])', '\\\1', 'g') || '%';
