CREATE TABLE "payment_batch_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"row_number" integer,
	"column" text,
	"value" text,
	"reason" text NOT NULL,
	"payroll_line_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_batch_issues_kind_check" CHECK ("payment_batch_issues"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "payment_batch_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"match_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"pages" integer,
	"first_row" integer,
	"documents" text[],
	"operations" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text GENERATED ALWAYS AS ('payment-batch-' || id) STORED NOT NULL,
	"payroll_id" integer NOT NULL,
	"payroll_number" text NOT NULL,
	"payroll_desc" text,
	"payment_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"unmatched_count" integer DEFAULT 0 NOT NULL,
	"mismatched_count" integer DEFAULT 0 NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"receipt_count" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_batches_status_check" CHECK ("payment_batches"."status" in (1, 2, 3, 4, 5)),
	CONSTRAINT "payment_batches_progress_check" CHECK ("payment_batches"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payroll_line_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payroll_line_id" bigint NOT NULL,
	"payroll_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"payment_date" date NOT NULL,
	"operation_number" text NOT NULL,
	"amount_paid" numeric(12, 2) NOT NULL,
	"receipt_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payroll_line_payments_amount_check" CHECK ("payroll_line_payments"."amount_paid" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_batch_issues" ADD CONSTRAINT "payment_batch_issues_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_issues" ADD CONSTRAINT "payment_batch_issues_payroll_line_id_payroll_lines_id_fk" FOREIGN KEY ("payroll_line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_receipts" ADD CONSTRAINT "payment_batch_receipts_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_payments" ADD CONSTRAINT "payroll_line_payments_payroll_line_id_payroll_lines_id_fk" FOREIGN KEY ("payroll_line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_payments" ADD CONSTRAINT "payroll_line_payments_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_payments" ADD CONSTRAINT "payroll_line_payments_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_payments" ADD CONSTRAINT "payroll_line_payments_receipt_id_payment_batch_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_batch_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batch_issues_batch_idx" ON "payment_batch_issues" USING btree ("batch_id","row_number","id");--> statement-breakpoint
CREATE INDEX "payment_batch_issues_line_idx" ON "payment_batch_issues" USING btree ("payroll_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_receipts_name_unique" ON "payment_batch_receipts" USING btree ("batch_id","match_key");--> statement-breakpoint
CREATE INDEX "payment_batch_receipts_batch_idx" ON "payment_batch_receipts" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "payment_batches_created_at_idx" ON "payment_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_batches_status_idx" ON "payment_batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_batches_payroll_idx" ON "payment_batches" USING btree ("payroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_line_payments_line_unique" ON "payroll_line_payments" USING btree ("payroll_line_id");--> statement-breakpoint
CREATE INDEX "payroll_line_payments_payroll_idx" ON "payroll_line_payments" USING btree ("payroll_id");--> statement-breakpoint
CREATE INDEX "payroll_line_payments_batch_idx" ON "payroll_line_payments" USING btree ("batch_id","row_number");