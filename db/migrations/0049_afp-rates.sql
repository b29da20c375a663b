CREATE TABLE "afp_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"afp" text NOT NULL,
	"commission_type" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"contribution_bp" integer NOT NULL,
	"commission_bp" integer,
	"premium_bp" integer,
	"premium_cap_cents" bigint,
	"source" text DEFAULT 'referencia' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "afp_rates_afp_check" CHECK ("afp_rates"."afp" in ('HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO')),
	CONSTRAINT "afp_rates_commission_type_check" CHECK ("afp_rates"."commission_type" in ('FLUJO', 'MIXTA')),
	CONSTRAINT "afp_rates_rates_check" CHECK ("afp_rates"."contribution_bp" between 0 and 10000 and coalesce("afp_rates"."commission_bp", 0) between 0 and 10000 and coalesce("afp_rates"."premium_bp", 0) between 0 and 10000),
	CONSTRAINT "afp_rates_cap_check" CHECK ("afp_rates"."premium_cap_cents" is null or "afp_rates"."premium_cap_cents" > 0),
	CONSTRAINT "afp_rates_dates_check" CHECK ("afp_rates"."valid_to" is null or "afp_rates"."valid_to" >= "afp_rates"."valid_from"),
	CONSTRAINT "afp_rates_source_check" CHECK ("afp_rates"."source" in ('referencia', 'usuario'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "afp_rates_afp_type_from_unique" ON "afp_rates" USING btree ("afp","commission_type","valid_from");