-- `search_text` was dropped and added again with `fold_search` (the previous migration: PostgreSQL
-- before 17 cannot change a generated column's expression), which dropped its two indexes and its
-- statistics target. Build them again as migrations 0013, 0015 and 0016 made them. Measured with
-- 100,000 employees of 200,000 distinct words on a shared two-core machine, the three migrations
-- took about 10 s (the column's rewrite 1 s, each of the three trigram/word indexes 1.5 to 2.5 s, the
-- words 2 s), with `employees` locked throughout.
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_search_words_idx" ON "employees" USING gin (string_to_array("search_text", ' '));--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "employees_search_words_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
-- The words as the new folding writes them ('françois' becomes 'francois'). Words are never pruned
-- (migration 0016), so the old foldings would only stay as words that match nobody: start afresh.
-- Their trigram index is built once after the insert: kept up to date row by row it took most of
-- the time.
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
TRUNCATE "search_words";--> statement-breakpoint
INSERT INTO "search_words"
  SELECT DISTINCT w FROM "employees", unnest(string_to_array("search_text", ' ')) AS w
  WHERE w ~ '[^0-9]';--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ANALYZE "employees";--> statement-breakpoint
ANALYZE "search_words";
