CREATE TABLE "payment_order_lines" (
	"order_id" integer NOT NULL,
	"payroll_line_id" bigint NOT NULL,
	"released_at" timestamp with time zone,
	"released_by_order_id" integer,
	CONSTRAINT "payment_order_lines_order_id_payroll_line_id_pk" PRIMARY KEY("order_id","payroll_line_id")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_status_check";--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "line_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "total_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "file_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "file_size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_order_claims" ADD COLUMN "released_by_order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payment_order_lines" ADD CONSTRAINT "payment_order_lines_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_lines" ADD CONSTRAINT "payment_order_lines_payroll_line_id_payroll_lines_id_fk" FOREIGN KEY ("payroll_line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_lines" ADD CONSTRAINT "payment_order_lines_released_by_order_id_payment_orders_id_fk" FOREIGN KEY ("released_by_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_lines_open_unique" ON "payment_order_lines" USING btree ("payroll_line_id") WHERE released_at is null;--> statement-breakpoint
ALTER TABLE "payment_order_claims" ADD CONSTRAINT "payment_order_claims_released_by_order_id_payment_orders_id_fk" FOREIGN KEY ("released_by_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_file_check" CHECK ("payment_orders"."status" in (4, 5) or ("payment_orders"."file_key" is not null and "payment_orders"."file_size" is not null and "payment_orders"."sha256" is not null and "payment_orders"."line_count" is not null and "payment_orders"."total_amount" is not null));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_failure_check" CHECK (("payment_orders"."status" = 5) = ("payment_orders"."failure_reason" is not null));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in (1, 2, 3, 4, 5));--> statement-breakpoint
-- A payroll's open order claimed the payroll as a whole; from now on it holds each of its lines.
-- Every line of the payroll was in that file, so each becomes a row of the order, and the
-- payroll-wide claim is released (kept as history).
INSERT INTO "payment_order_lines" ("order_id", "payroll_line_id")
SELECT c."order_id", l."id"
FROM "payment_order_claims" c
JOIN "payroll_lines" l ON l."payroll_id" = c."source_id"
WHERE c."source_kind" = 'PAYROLL' AND c."released_at" IS NULL;--> statement-breakpoint
UPDATE "payment_order_claims" SET "released_at" = now()
WHERE "source_kind" = 'PAYROLL' AND "released_at" IS NULL;
