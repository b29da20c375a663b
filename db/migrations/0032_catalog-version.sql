CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
-- Issue 25: each web process caches areas, positions and companies (the employee form's options,
-- the list filters) and asks the API for this number on every use: a change made through any
-- process, or straight in the database (the seed), counts in the statement that made it, and is
-- seen by the others once it commits. One row: writers of catalogues wait on each other's
-- commit, which is rare and cheap.
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "areas_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "positions_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "positions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();--> statement-breakpoint
CREATE TRIGGER "companies_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
