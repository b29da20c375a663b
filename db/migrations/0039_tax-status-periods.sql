-- The supplier's tax status as dated periods by RUC, evaluated on the payment date (R.S. 037-2002/SUNAT
-- art. 5: the exclusions from the IGV retention are checked when paying). The suppliers' true/false flags
-- become open periods from each supplier's creation day (Lima), entered by hand (MANUAL), and are dropped.
CREATE TABLE "tax_status_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruc" text NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"load_id" integer,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "tax_status_periods_ruc_check" CHECK ("tax_status_periods"."ruc" ~ '^[0-9]{11}$'),
	CONSTRAINT "tax_status_periods_kind_check" CHECK ("tax_status_periods"."kind" in ('AGENTE_RETENCION', 'AGENTE_PERCEPCION', 'BUEN_CONTRIBUYENTE')),
	CONSTRAINT "tax_status_periods_source_check" CHECK (("tax_status_periods"."source" = 'MANUAL' and "tax_status_periods"."load_id" is null) or ("tax_status_periods"."source" = 'PADRON' and "tax_status_periods"."load_id" is not null)),
	CONSTRAINT "tax_status_periods_dates_check" CHECK ("tax_status_periods"."valid_to" is null or "tax_status_periods"."valid_to" >= "tax_status_periods"."valid_from")
);
--> statement-breakpoint
CREATE INDEX "tax_status_periods_ruc_idx" ON "tax_status_periods" USING btree ("ruc","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_status_periods_open_unique" ON "tax_status_periods" USING btree ("ruc","kind","source") WHERE "tax_status_periods"."valid_to" is null;--> statement-breakpoint
INSERT INTO "tax_status_periods" ("ruc", "kind", "valid_from", "source", "created_by")
SELECT s."ruc", f."kind", (s."created_at" at time zone 'America/Lima')::date, 'MANUAL', 'migración 0040'
FROM "suppliers" s
CROSS JOIN LATERAL (VALUES ('AGENTE_RETENCION', s."retention_agent"), ('AGENTE_PERCEPCION', s."perception_agent"),
	('BUEN_CONTRIBUYENTE', s."good_taxpayer")) AS f("kind", "on")
WHERE f."on";--> statement-breakpoint
ALTER TABLE "suppliers" DROP COLUMN "retention_agent";--> statement-breakpoint
ALTER TABLE "suppliers" DROP COLUMN "perception_agent";--> statement-breakpoint
ALTER TABLE "suppliers" DROP COLUMN "good_taxpayer";
