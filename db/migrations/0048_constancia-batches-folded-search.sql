CREATE TABLE "constancia_batch_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_number" integer,
	"column" text,
	"value" text,
	"message" text NOT NULL,
	"constancia" text,
	"supplier_ruc" text,
	"voucher" text,
	"amount_cents" bigint,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "constancia_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text GENERATED ALWAYS AS ('constancia-batch-' || id) STORED NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "constancia_batches_status_check" CHECK ("constancia_batches"."status" in (1, 2, 3, 4)),
	CONSTRAINT "constancia_batches_progress_check" CHECK ("constancia_batches"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "constancia_batch_errors" ADD CONSTRAINT "constancia_batch_errors_batch_id_constancia_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."constancia_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "constancia_batch_errors_batch_idx" ON "constancia_batch_errors" USING btree ("batch_id","row_number","id");--> statement-breakpoint
CREATE INDEX "constancia_batches_created_at_idx" ON "constancia_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "constancia_batches_status_idx" ON "constancia_batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "companies_name_fold_trgm_idx" ON "companies" USING gin (fold_search("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_fold_trgm_idx" ON "suppliers" USING gin (fold_search("name") gin_trgm_ops);