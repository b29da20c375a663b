-- The Spanish collation names are sorted by (docs/decisions/spanish-collation.md): ICU's es-PE, where
-- Ñ is its own letter after N and an accented vowel sorts with its letter. A build whose ICU lacks the
-- Spanish tailoring (PGlite ships only the root data) gets the root collation with the one rule Spanish
-- adds to it, so both sort alike; the check below decides which, by sorting 'Ñ' against 'Nz'.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'es_pe') THEN
    CREATE COLLATION es_pe (provider = icu, locale = 'es-PE');
    IF NOT ('Ñandú' COLLATE es_pe > 'Nzz' COLLATE es_pe AND 'Ñandú' COLLATE es_pe < 'Oa' COLLATE es_pe) THEN
      DROP COLLATION es_pe;
      EXECUTE $rule$CREATE COLLATION es_pe (provider = icu, locale = 'und', rules = '&N<ñ<<<Ñ')$rule$;
    END IF;
  END IF;
END
$$;--> statement-breakpoint
DROP INDEX "companies_name_idx";--> statement-breakpoint
DROP INDEX "employees_name_sort_idx";--> statement-breakpoint
DROP INDEX "employees_surname_sort_idx";--> statement-breakpoint
DROP INDEX "suppliers_name_idx";--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "shared_account_by" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "shared_account_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "shared_account_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "shared_account_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "companies_name_es_idx" ON "companies" USING btree ("name" collate es_pe,"id");--> statement-breakpoint
CREATE INDEX "employees_name_es_sort_idx" ON "employees" USING btree ("name" collate es_pe,"id");--> statement-breakpoint
CREATE INDEX "employees_surname_es_sort_idx" ON "employees" USING btree ("surname" collate es_pe,"id");--> statement-breakpoint
CREATE INDEX "employees_cci_idx" ON "employees" USING btree ("bank_inter_account");--> statement-breakpoint
CREATE INDEX "employees_bank_account_idx" ON "employees" USING btree ("bank_id","bank_account");--> statement-breakpoint
CREATE INDEX "applicants_surname_es_idx" ON "applicants" USING btree ("surname" collate es_pe,"id");--> statement-breakpoint
CREATE INDEX "suppliers_name_es_idx" ON "suppliers" USING btree ("name" collate es_pe,"id");--> statement-breakpoint
CREATE INDEX "suppliers_cci_idx" ON "suppliers" USING btree ("bank_inter_account");--> statement-breakpoint
CREATE INDEX "suppliers_bank_account_idx" ON "suppliers" USING btree ("bank_code","bank_account");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_shared_account_four_eyes_check" CHECK ("suppliers"."shared_account_confirmed_by" is null or ("suppliers"."shared_account_by" is not null and "suppliers"."shared_account_confirmed_by" <> "suppliers"."shared_account_by"));