-- Custom SQL migration file, put your code below! --
-- Orders written before claims existed: the payroll's latest order was the one its lines counted as
-- sent, so it claims the payroll; earlier ones were superseded by it.
INSERT INTO "payment_order_claims" ("order_id", "source_kind", "source_id", "created_by")
SELECT DISTINCT ON ("payroll_id") "id", 'PAYROLL', "payroll_id", "created_by"
FROM "payment_orders"
ORDER BY "payroll_id", "id" DESC;--> statement-breakpoint
UPDATE "payment_orders" o SET "status" = 3
WHERE NOT EXISTS (SELECT 1 FROM "payment_order_claims" c WHERE c."order_id" = o."id");
