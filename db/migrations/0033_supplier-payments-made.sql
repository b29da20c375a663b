ALTER TABLE "payment_batches" ALTER COLUMN "payroll_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "source" text DEFAULT 'PAYROLL' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "paid_operation" text;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batches_order_idx" ON "payment_batches" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_source_check" CHECK ("payment_batches"."source" in ('PAYROLL', 'VOUCHERS'));--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_source_target_check" CHECK (("payment_batches"."source" = 'PAYROLL') = ("payment_batches"."payroll_id" is not null) and ("payment_batches"."source" = 'VOUCHERS') = ("payment_batches"."order_id" is not null));