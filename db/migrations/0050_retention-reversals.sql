CREATE TABLE "retention_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"issue_date" date NOT NULL,
	"sequence" integer NOT NULL,
	"reference_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sent_on" date,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "retention_reversals_status_check" CHECK ("retention_reversals"."status" in (1, 2)),
	CONSTRAINT "retention_reversals_sequence_check" CHECK ("retention_reversals"."sequence" between 1 and 99999),
	CONSTRAINT "retention_reversals_dates_check" CHECK ("retention_reversals"."reference_date" <= "retention_reversals"."issue_date"),
	CONSTRAINT "retention_reversals_sent_check" CHECK ("retention_reversals"."status" <> 2 or ("retention_reversals"."sent_on" is not null and "retention_reversals"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD COLUMN "reversal_id" integer;--> statement-breakpoint
ALTER TABLE "retention_reversals" ADD CONSTRAINT "retention_reversals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_reversals_sequence_unique" ON "retention_reversals" USING btree ("company_id","issue_date","sequence");--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD CONSTRAINT "retention_receipts_reversal_id_retention_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."retention_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_receipts_reversal_idx" ON "retention_receipts" USING btree ("reversal_id");--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD CONSTRAINT "retention_receipts_reversal_check" CHECK ("retention_receipts"."reversal_id" is null or "retention_receipts"."status" = 3);