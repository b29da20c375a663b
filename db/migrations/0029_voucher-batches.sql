CREATE TABLE "voucher_batch_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_number" integer,
	"column" text,
	"value" text,
	"message" text NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "voucher_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text GENERATED ALWAYS AS ('voucher-batch-' || id) STORED NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"voucher_count" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"attempt_open" boolean DEFAULT false NOT NULL,
	"crashes" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "voucher_batches_status_check" CHECK ("voucher_batches"."status" in (1, 2, 3, 4)),
	CONSTRAINT "voucher_batches_progress_check" CHECK ("voucher_batches"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "voucher_batch_errors" ADD CONSTRAINT "voucher_batch_errors_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_batch_errors_batch_idx" ON "voucher_batch_errors" USING btree ("batch_id","row_number","id");--> statement-breakpoint
CREATE INDEX "voucher_batches_created_at_idx" ON "voucher_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voucher_batches_status_idx" ON "voucher_batches" USING btree ("status");