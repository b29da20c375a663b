CREATE TABLE "payroll_batch_errors" (
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
CREATE TABLE "payroll_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text GENERATED ALWAYS AS ('payroll-batch-' || id) STORED NOT NULL,
	"code" text NOT NULL,
	"period" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payroll_batches_status_check" CHECK ("payroll_batches"."status" in (1, 2, 3, 4)),
	CONSTRAINT "payroll_batches_type_check" CHECK ("payroll_batches"."type" in (1, 2)),
	CONSTRAINT "payroll_batches_period_check" CHECK (period ~ '^[0-9]{4}(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_batches_progress_check" CHECK ("payroll_batches"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"identifier_type" smallint NOT NULL,
	"identifier" text NOT NULL,
	"full_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account" text NOT NULL,
	"bank_inter_account" text,
	"amount" numeric(12, 2) NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_date" date,
	"operation_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payroll_lines_amount_check" CHECK ("payroll_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"period" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"collaborators" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"total_paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payrolls_status_check" CHECK ("payrolls"."status" in (1, 2)),
	CONSTRAINT "payrolls_type_check" CHECK ("payrolls"."type" in (1, 2)),
	CONSTRAINT "payrolls_period_check" CHECK (period ~ '^[0-9]{4}(0[1-9]|1[0-2])$'),
	CONSTRAINT "payrolls_progress_check" CHECK ("payrolls"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "payroll_batch_errors" ADD CONSTRAINT "payroll_batch_errors_batch_id_payroll_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_batch_id_payroll_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_batch_errors_batch_idx" ON "payroll_batch_errors" USING btree ("batch_id","row_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_batches_code_unique" ON "payroll_batches" USING btree (lower("code")) WHERE status <> 4;--> statement-breakpoint
CREATE INDEX "payroll_batches_created_at_idx" ON "payroll_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payroll_batches_status_idx" ON "payroll_batches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_document_unique" ON "payroll_lines" USING btree ("payroll_id","identifier_type","identifier");--> statement-breakpoint
CREATE INDEX "payroll_lines_payroll_row_idx" ON "payroll_lines" USING btree ("payroll_id","row_number");--> statement-breakpoint
CREATE INDEX "payroll_lines_employee_idx" ON "payroll_lines" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_code_unique" ON "payrolls" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_batch_unique" ON "payrolls" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payrolls_period_type_idx" ON "payrolls" USING btree ("period","type");