CREATE TABLE "payment_order_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "payment_order_claims_kind_check" CHECK ("payment_order_claims"."source_kind" in ('PAYROLL'))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "replaces_order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "annulled_by" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "annulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "annul_reason" text;--> statement-breakpoint
ALTER TABLE "payment_order_claims" ADD CONSTRAINT "payment_order_claims_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_claims_open_unique" ON "payment_order_claims" USING btree ("source_kind","source_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "payment_order_claims_order_idx" ON "payment_order_claims" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_replaces_order_id_payment_orders_id_fk" FOREIGN KEY ("replaces_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_annulled_check" CHECK (("payment_orders"."status" = 2) = ("payment_orders"."annulled_at" is not null and "payment_orders"."annulled_by" is not null and "payment_orders"."annul_reason" is not null));