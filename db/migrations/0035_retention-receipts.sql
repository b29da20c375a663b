CREATE TABLE "retention_receipt_counters" (
	"company_id" integer NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "retention_receipt_counters_company_id_series_pk" PRIMARY KEY("company_id","series"),
	CONSTRAINT "retention_receipt_counters_number_check" CHECK ("retention_receipt_counters"."last_number" between 1 and 99999999)
);
--> statement-breakpoint
CREATE TABLE "retention_receipt_documents" (
	"receipt_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issue_date" date NOT NULL,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"payment_date" date NOT NULL,
	"payment_number" integer DEFAULT 1 NOT NULL,
	"paid_cents" bigint NOT NULL,
	"retention_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "retention_receipt_documents_receipt_id_voucher_id_pk" PRIMARY KEY("receipt_id","voucher_id"),
	CONSTRAINT "retention_receipt_documents_type_check" CHECK ("retention_receipt_documents"."type" in ('01', '07', '08', '12')),
	CONSTRAINT "retention_receipt_documents_amounts_check" CHECK ("retention_receipt_documents"."retention_cents" > 0 and "retention_receipt_documents"."net_cents" = "retention_receipt_documents"."paid_cents" - "retention_receipt_documents"."retention_cents")
);
--> statement-breakpoint
CREATE TABLE "retention_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issue_date" date NOT NULL,
	"supplier_id" integer NOT NULL,
	"order_id" integer,
	"regime" text DEFAULT '01' NOT NULL,
	"rate_bp" integer NOT NULL,
	"paid_cents" bigint NOT NULL,
	"retention_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sent_on" date,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"annul_reason" text,
	"annulled_by" text,
	"annulled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "retention_receipts_status_check" CHECK ("retention_receipts"."status" in (1, 2, 3)),
	CONSTRAINT "retention_receipts_series_check" CHECK ("retention_receipts"."series" ~ '^R[A-Z0-9]{3}$'),
	CONSTRAINT "retention_receipts_number_check" CHECK ("retention_receipts"."number" between 1 and 99999999),
	CONSTRAINT "retention_receipts_amounts_check" CHECK ("retention_receipts"."retention_cents" > 0 and "retention_receipts"."net_cents" = "retention_receipts"."paid_cents" - "retention_receipts"."retention_cents"),
	CONSTRAINT "retention_receipts_sent_check" CHECK ("retention_receipts"."status" <> 2 or ("retention_receipts"."sent_on" is not null and "retention_receipts"."sent_at" is not null)),
	CONSTRAINT "retention_receipts_annulled_check" CHECK ("retention_receipts"."status" <> 3 or ("retention_receipts"."annul_reason" is not null and "retention_receipts"."annulled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "retention_series" text DEFAULT 'R001' NOT NULL;--> statement-breakpoint
ALTER TABLE "retention_receipt_counters" ADD CONSTRAINT "retention_receipt_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD CONSTRAINT "retention_receipt_documents_receipt_id_retention_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."retention_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD CONSTRAINT "retention_receipt_documents_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD CONSTRAINT "retention_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD CONSTRAINT "retention_receipts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_receipts" ADD CONSTRAINT "retention_receipts_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_receipt_documents_voucher_idx" ON "retention_receipt_documents" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_receipts_number_unique" ON "retention_receipts" USING btree ("company_id","series","number");--> statement-breakpoint
CREATE INDEX "retention_receipts_company_issue_idx" ON "retention_receipts" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "retention_receipts_status_idx" ON "retention_receipts" USING btree ("status","issue_date");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_retention_series_check" CHECK ("companies"."retention_series" ~ '^R[A-Z0-9]{3}$');