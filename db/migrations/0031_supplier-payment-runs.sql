CREATE TABLE "detraction_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"lot_number" integer NOT NULL,
	"lot" text NOT NULL,
	"line_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "detraction_files_lot_check" CHECK ("detraction_files"."lot" ~ '^[0-9]{6}$'),
	CONSTRAINT "detraction_files_totals_check" CHECK ("detraction_files"."line_count" > 0 and "detraction_files"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "detraction_lot_counters" (
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "detraction_lot_counters_company_id_year_pk" PRIMARY KEY("company_id","year"),
	CONSTRAINT "detraction_lot_counters_number_check" CHECK ("detraction_lot_counters"."last_number" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "payment_order_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"detraction_cents" bigint NOT NULL,
	"retention_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_order_vouchers_net_check" CHECK ("payment_order_vouchers"."net_cents" = "payment_order_vouchers"."total_cents" - "payment_order_vouchers"."detraction_cents" - "payment_order_vouchers"."retention_cents")
);
--> statement-breakpoint
ALTER TABLE "payment_order_claims" DROP CONSTRAINT "payment_order_claims_kind_check";--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "payroll_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "source" text DEFAULT 'PAYROLL' NOT NULL;--> statement-breakpoint
ALTER TABLE "detraction_files" ADD CONSTRAINT "detraction_files_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detraction_files" ADD CONSTRAINT "detraction_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detraction_lot_counters" ADD CONSTRAINT "detraction_lot_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" ADD CONSTRAINT "payment_order_vouchers_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" ADD CONSTRAINT "payment_order_vouchers_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" ADD CONSTRAINT "payment_order_vouchers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detraction_files_lot_unique" ON "detraction_files" USING btree ("company_id","year","lot_number");--> statement-breakpoint
CREATE UNIQUE INDEX "detraction_files_order_unique" ON "detraction_files" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_vouchers_unique" ON "payment_order_vouchers" USING btree ("order_id","voucher_id");--> statement-breakpoint
CREATE INDEX "payment_order_vouchers_voucher_idx" ON "payment_order_vouchers" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "payment_orders_source_idx" ON "payment_orders" USING btree ("source","id");--> statement-breakpoint
ALTER TABLE "payment_order_claims" ADD CONSTRAINT "payment_order_claims_kind_check" CHECK ("payment_order_claims"."source_kind" in ('PAYROLL', 'VOUCHER'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_source_check" CHECK ("payment_orders"."source" in ('PAYROLL', 'VOUCHERS'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_source_payroll_check" CHECK (("payment_orders"."source" = 'PAYROLL') = ("payment_orders"."payroll_id" is not null));