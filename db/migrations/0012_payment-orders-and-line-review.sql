CREATE TABLE "company_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"currency" text NOT NULL,
	"account_type" text DEFAULT 'C' NOT NULL,
	"account" text NOT NULL,
	"inter_account" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "company_bank_accounts_currency_check" CHECK ("company_bank_accounts"."currency" in ('PEN', 'USD')),
	CONSTRAINT "company_bank_accounts_type_check" CHECK ("company_bank_accounts"."account_type" in ('C', 'M')),
	CONSTRAINT "company_bank_accounts_account_check" CHECK ("company_bank_accounts"."account" ~ '^[0-9]{6,20}$'),
	CONSTRAINT "company_bank_accounts_cci_check" CHECK ("company_bank_accounts"."inter_account" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"company_account_id" integer NOT NULL,
	"format" text NOT NULL,
	"payment_date" date NOT NULL,
	"reference" text NOT NULL,
	"line_count" integer NOT NULL,
	"total_amount" numeric(16, 2) NOT NULL,
	"checksum" text,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_orders_format_check" CHECK ("payment_orders"."format" in ('BCP', 'CCI'))
);
--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "review_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "review_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "review_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_company_account_id_company_bank_accounts_id_fk" FOREIGN KEY ("company_account_id") REFERENCES "public"."company_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_account_unique" ON "company_bank_accounts" USING btree ("bank_code","account");--> statement-breakpoint
CREATE INDEX "company_bank_accounts_company_idx" ON "company_bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_orders_payroll_idx" ON "payment_orders" USING btree ("payroll_id","id");--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_review_confirmed_check" CHECK (("payroll_lines"."review_confirmed_at" is null) = ("payroll_lines"."review_confirmed_by" is null));