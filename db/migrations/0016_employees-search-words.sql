-- Search by whole words that contain the search word (issue 12, docs/decisions.md "A full-name
-- search by words"): `search_words` holds every word of the employees' search_text that is not
-- only digits; a search word ('quis') is looked up there ('quispe', 'quisbert') and the employees
-- are found by those words in a GIN index of search_text's words. Same matches as
-- `search_text LIKE '%quis%'` (a search word has no spaces, so it can only lie inside one word).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of the employees there are (a million employees: about 20 s with the index below).
INSERT INTO "search_words"
  SELECT DISTINCT w FROM "employees", unnest(string_to_array("search_text", ' ')) AS w
  WHERE w ~ '[^0-9]';--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_search_words_idx" ON "employees" USING gin (string_to_array("search_text", ' '));--> statement-breakpoint
-- Its estimates decide between a counted and an estimated total (paging.ts), as search_text's do.
ALTER INDEX "employees_search_words_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
-- New words of inserted or renamed employees, in the statement that wrote them (one statement per
-- batch: transition tables). Old words stay: a word nobody has any more matches nobody.
CREATE FUNCTION "employees_add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words
    SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.search_text, ' ')) AS w
    WHERE w ~ '[^0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "employees_add_changed_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words
    SELECT DISTINCT w
    FROM new_rows
      LEFT JOIN old_rows ON old_rows.id = new_rows.id AND old_rows.search_text = new_rows.search_text,
      unnest(string_to_array(new_rows.search_text, ' ')) AS w
    WHERE old_rows.id IS NULL AND w ~ '[^0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "employees_search_words_insert" AFTER INSERT ON "employees"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employees_add_search_words"();--> statement-breakpoint
CREATE TRIGGER "employees_search_words_update" AFTER UPDATE ON "employees"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "employees_add_changed_search_words"();--> statement-breakpoint
ANALYZE "employees";--> statement-breakpoint
ANALYZE "search_words";
