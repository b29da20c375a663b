CREATE TABLE "supplier_suspension_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"number" text NOT NULL,
	"granted_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "supplier_suspension_certificates_number_check" CHECK ("supplier_suspension_certificates"."number" ~ '^[0-9A-Z-]{1,30}$')
);
--> statement-breakpoint
ALTER TABLE "supplier_suspension_certificates" ADD CONSTRAINT "supplier_suspension_certificates_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_suspension_certificates_unique" ON "supplier_suspension_certificates" USING btree ("supplier_id","number");--> statement-breakpoint
CREATE INDEX "supplier_suspension_certificates_supplier_idx" ON "supplier_suspension_certificates" USING btree ("supplier_id","granted_on");--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "fourth_category_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_vouchers" DROP CONSTRAINT "payment_vouchers_deductions_check";--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_deductions_check" CHECK ("payment_vouchers"."detraction_cents" >= 0 and "payment_vouchers"."retention_cents" >= 0 and "payment_vouchers"."fourth_category_cents" >= 0 and "payment_vouchers"."detraction_cents" + "payment_vouchers"."retention_cents" + "payment_vouchers"."fourth_category_cents" <= "payment_vouchers"."total_cents");--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_fourth_category_check" CHECK ("payment_vouchers"."fourth_category_cents" = 0 or "payment_vouchers"."type" = '02');--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" ADD COLUMN "fourth_category_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" DROP CONSTRAINT "payment_order_vouchers_net_check";--> statement-breakpoint
ALTER TABLE "payment_order_vouchers" ADD CONSTRAINT "payment_order_vouchers_net_check" CHECK ("payment_order_vouchers"."net_cents" = "payment_order_vouchers"."total_cents" - "payment_order_vouchers"."detraction_cents" - "payment_order_vouchers"."retention_cents" - "payment_order_vouchers"."fourth_category_cents");
