CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"day" date NOT NULL,
	"sell_rate_milli" integer NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" = 'USD'),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."sell_rate_milli" between 1 and 99999),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('MANUAL', 'IMPORT')),
	CONSTRAINT "exchange_rates_day_check" CHECK ("exchange_rates"."day" between '2000-01-01' and '2100-12-31')
);
--> statement-breakpoint
ALTER TABLE "payment_vouchers" DROP CONSTRAINT "payment_vouchers_currency_check";--> statement-breakpoint
ALTER TABLE "payment_vouchers" DROP CONSTRAINT "payment_vouchers_deductions_check";--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD COLUMN "paid_foreign_cents" bigint;--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD COLUMN "exchange_rate_milli" integer;--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD COLUMN "exchange_rate_day" date;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "detraction_exchange_rate_milli" integer;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "retention_exchange_rate_milli" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_currency_day_unique" ON "exchange_rates" USING btree ("currency","day");--> statement-breakpoint
ALTER TABLE "retention_receipt_documents" ADD CONSTRAINT "retention_receipt_documents_exchange_check" CHECK (("retention_receipt_documents"."currency" = 'PEN') = ("retention_receipt_documents"."paid_foreign_cents" is null and "retention_receipt_documents"."exchange_rate_milli" is null and "retention_receipt_documents"."exchange_rate_day" is null) and ("retention_receipt_documents"."currency" = 'PEN' or ("retention_receipt_documents"."paid_foreign_cents" is not null and "retention_receipt_documents"."exchange_rate_milli" > 0 and "retention_receipt_documents"."exchange_rate_day" is not null)));--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_exchange_rate_check" CHECK (("payment_vouchers"."currency" = 'PEN' and "payment_vouchers"."detraction_exchange_rate_milli" is null and "payment_vouchers"."retention_exchange_rate_milli" is null) or ("payment_vouchers"."currency" = 'USD' and coalesce("payment_vouchers"."detraction_exchange_rate_milli", 1) > 0 and coalesce("payment_vouchers"."retention_exchange_rate_milli", 1) > 0));--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_currency_check" CHECK ("payment_vouchers"."currency" in ('PEN', 'USD'));--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_deductions_check" CHECK ("payment_vouchers"."detraction_cents" >= 0 and "payment_vouchers"."retention_cents" >= 0 and "payment_vouchers"."fourth_category_cents" >= 0 and ("payment_vouchers"."currency" <> 'PEN' or "payment_vouchers"."detraction_cents" + "payment_vouchers"."retention_cents" + "payment_vouchers"."fourth_category_cents" <= "payment_vouchers"."total_cents"));