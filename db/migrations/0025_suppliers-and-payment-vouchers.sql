CREATE TABLE "expense_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('LG-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "expense_lines_status_check" CHECK (status in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "payment_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text DEFAULT 'PEN' NOT NULL,
	"base_cents" bigint NOT NULL,
	"igv_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"expense_line_id" integer NOT NULL,
	"credits_voucher_id" integer,
	"freed_by_credit_note_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"project_type_id" integer,
	"period" text,
	"authorized_by" text,
	"authorized_at" timestamp with time zone,
	"payment_type" smallint,
	"spot_code" text,
	"detraction_rate_bp" integer,
	"detraction_table_rate_bp" integer,
	"detraction_cents" bigint DEFAULT 0 NOT NULL,
	"detraction_reason" text,
	"detraction_deposited_on" date,
	"detraction_constancia" text,
	"retention" boolean DEFAULT false NOT NULL,
	"retention_cents" bigint DEFAULT 0 NOT NULL,
	"retention_proposed" boolean,
	"retention_reason" text,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"paid_cents" bigint,
	"paid_on" date,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"reject_reason_id" integer,
	"reject_note" text,
	"rejected_by" text,
	"rejected_at" timestamp with time zone,
	"cancellation_request_date" date,
	"cancellation_reason" text,
	"cancellation_requested_by" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_vouchers_id_credits_unique" UNIQUE("id","credits_voucher_id"),
	CONSTRAINT "payment_vouchers_status_check" CHECK ("payment_vouchers"."status" between 1 and 6),
	CONSTRAINT "payment_vouchers_type_check" CHECK ("payment_vouchers"."type" in ('01', '02', '03', '07', '08')),
	CONSTRAINT "payment_vouchers_series_check" CHECK ("payment_vouchers"."series" ~ '^[A-Z0-9]{4}$'),
	CONSTRAINT "payment_vouchers_number_check" CHECK ("payment_vouchers"."number" between 1 and 99999999),
	CONSTRAINT "payment_vouchers_currency_check" CHECK ("payment_vouchers"."currency" = 'PEN'),
	CONSTRAINT "payment_vouchers_due_check" CHECK ("payment_vouchers"."due_date" >= "payment_vouchers"."issue_date"),
	CONSTRAINT "payment_vouchers_amounts_check" CHECK ("payment_vouchers"."base_cents" >= 0 and "payment_vouchers"."igv_cents" >= 0 and "payment_vouchers"."total_cents" > 0 and "payment_vouchers"."total_cents" = "payment_vouchers"."base_cents" + "payment_vouchers"."igv_cents"),
	CONSTRAINT "payment_vouchers_deductions_check" CHECK ("payment_vouchers"."detraction_cents" >= 0 and "payment_vouchers"."retention_cents" >= 0 and "payment_vouchers"."detraction_cents" + "payment_vouchers"."retention_cents" <= "payment_vouchers"."total_cents"),
	CONSTRAINT "payment_vouchers_credit_note_check" CHECK (("payment_vouchers"."type" = '07') = ("payment_vouchers"."credits_voucher_id" is not null) and "payment_vouchers"."credits_voucher_id" is distinct from "payment_vouchers"."id"),
	CONSTRAINT "payment_vouchers_freed_check" CHECK ("payment_vouchers"."freed_by_credit_note_id" is null or "payment_vouchers"."status" = 5),
	CONSTRAINT "payment_vouchers_period_check" CHECK ("payment_vouchers"."period" is null or "payment_vouchers"."period" ~ '^[0-9]{6}-[0-9]{3}$'),
	CONSTRAINT "payment_vouchers_payment_type_check" CHECK ("payment_vouchers"."payment_type" is null or "payment_vouchers"."payment_type" in (1, 2)),
	CONSTRAINT "payment_vouchers_authorized_check" CHECK ("payment_vouchers"."status" not in (2, 3, 4) or ("payment_vouchers"."project_type_id" is not null and "payment_vouchers"."period" is not null and "payment_vouchers"."authorized_at" is not null)),
	CONSTRAINT "payment_vouchers_approved_check" CHECK ("payment_vouchers"."status" not in (3, 4) or ("payment_vouchers"."payment_type" is not null and "payment_vouchers"."approved_at" is not null)),
	CONSTRAINT "payment_vouchers_paid_check" CHECK ("payment_vouchers"."status" <> 4 or ("payment_vouchers"."paid_cents" > 0 and "payment_vouchers"."paid_on" is not null)),
	CONSTRAINT "payment_vouchers_rejected_check" CHECK ("payment_vouchers"."status" <> 5 or "payment_vouchers"."reject_reason_id" is not null),
	CONSTRAINT "payment_vouchers_cancelled_check" CHECK ("payment_vouchers"."status" <> 6 or ("payment_vouchers"."cancellation_request_date" is not null and "payment_vouchers"."cancellation_reason" is not null and "payment_vouchers"."cancellation_requested_by" is not null)),
	CONSTRAINT "payment_vouchers_approver_check" CHECK ("payment_vouchers"."approved_by" is null or lower("payment_vouchers"."approved_by") <> lower("payment_vouchers"."created_by"))
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('TP-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "project_types_status_check" CHECK (status in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "reject_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('MR-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "reject_reasons_status_check" CHECK (status in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "retention_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"threshold_cents" bigint NOT NULL,
	"valid_from" date NOT NULL,
	"source" text DEFAULT 'referencia' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "retention_rates_rate_check" CHECK ("retention_rates"."rate_bp" between 1 and 10000),
	CONSTRAINT "retention_rates_threshold_check" CHECK ("retention_rates"."threshold_cents" >= 0),
	CONSTRAINT "retention_rates_source_check" CHECK ("retention_rates"."source" in ('referencia', 'usuario'))
);
--> statement-breakpoint
CREATE TABLE "spot_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"minimum_cents" bigint,
	"valid_from" date NOT NULL,
	"source" text DEFAULT 'referencia' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "spot_rates_code_check" CHECK ("spot_rates"."code" ~ '^[0-9]{3}$'),
	CONSTRAINT "spot_rates_rate_check" CHECK ("spot_rates"."rate_bp" between 1 and 10000),
	CONSTRAINT "spot_rates_minimum_check" CHECK ("spot_rates"."minimum_cents" is null or "spot_rates"."minimum_cents" >= 0),
	CONSTRAINT "spot_rates_source_check" CHECK ("spot_rates"."source" in ('referencia', 'usuario'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('PR-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"ruc" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text,
	"ubigeo" text,
	"authorizer" text,
	"payer" text,
	"phone" text,
	"mobile" text,
	"email" text,
	"supplier_type" smallint NOT NULL,
	"management_type" smallint NOT NULL,
	"expense_line_id" integer,
	"bank_identifier_type" smallint NOT NULL,
	"bank_identifier" text NOT NULL,
	"bank_holder" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account" text NOT NULL,
	"account_type" smallint NOT NULL,
	"bank_inter_account" text,
	"detraction_account" text,
	"retention_agent" boolean DEFAULT false NOT NULL,
	"perception_agent" boolean DEFAULT false NOT NULL,
	"good_taxpayer" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "suppliers_status_check" CHECK (status in (1, 2)),
	CONSTRAINT "suppliers_ruc_check" CHECK ("suppliers"."ruc" ~ '^[0-9]{11}$'),
	CONSTRAINT "suppliers_supplier_type_check" CHECK ("suppliers"."supplier_type" in (1, 2, 3)),
	CONSTRAINT "suppliers_management_type_check" CHECK ("suppliers"."management_type" in (1, 2, 3)),
	CONSTRAINT "suppliers_account_type_check" CHECK ("suppliers"."account_type" in (1, 2)),
	CONSTRAINT "suppliers_cci_check" CHECK ("suppliers"."bank_inter_account" is null or "suppliers"."bank_inter_account" ~ '^[0-9]{20}$'),
	CONSTRAINT "suppliers_detraction_account_check" CHECK ("suppliers"."detraction_account" is null or "suppliers"."detraction_account" ~ '^[0-9]{11}$'),
	CONSTRAINT "suppliers_mobile_check" CHECK ("suppliers"."mobile" is null or "suppliers"."mobile" ~ '^9[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "voucher_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "voucher_files_kind_check" CHECK ("voucher_files"."kind" in ('pdf', 'xml', 'sustento'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "retention_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_expense_line_id_expense_lines_id_fk" FOREIGN KEY ("expense_line_id") REFERENCES "public"."expense_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_credits_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("credits_voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_project_type_id_project_types_id_fk" FOREIGN KEY ("project_type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_reject_reason_id_reject_reasons_id_fk" FOREIGN KEY ("reject_reason_id") REFERENCES "public"."reject_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_freed_by_credit_note_fk" FOREIGN KEY ("freed_by_credit_note_id","id") REFERENCES "public"."payment_vouchers"("id","credits_voucher_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_ubigeo_ubigeo_districts_code_fk" FOREIGN KEY ("ubigeo") REFERENCES "public"."ubigeo_districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_expense_line_id_expense_lines_id_fk" FOREIGN KEY ("expense_line_id") REFERENCES "public"."expense_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_files" ADD CONSTRAINT "voucher_files_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_lines_description_unique" ON "expense_lines" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_vouchers_number_unique" ON "payment_vouchers" USING btree ("supplier_id","type","series","number") WHERE "payment_vouchers"."freed_by_credit_note_id" is null;--> statement-breakpoint
CREATE INDEX "payment_vouchers_status_due_idx" ON "payment_vouchers" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "payment_vouchers_supplier_idx" ON "payment_vouchers" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "payment_vouchers_due_date_idx" ON "payment_vouchers" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "payment_vouchers_expense_line_idx" ON "payment_vouchers" USING btree ("expense_line_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_company_idx" ON "payment_vouchers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_credits_idx" ON "payment_vouchers" USING btree ("credits_voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_types_description_unique" ON "project_types" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "reject_reasons_description_unique" ON "reject_reasons" USING btree (lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rates_valid_from_unique" ON "retention_rates" USING btree ("valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_rates_code_valid_from_unique" ON "spot_rates" USING btree ("code","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_ruc_unique" ON "suppliers" USING btree ("ruc");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "suppliers_status_type_idx" ON "suppliers" USING btree ("status","supplier_type");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_files_voucher_kind_unique" ON "voucher_files" USING btree ("voucher_id","kind");