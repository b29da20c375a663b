CREATE TABLE "padron_load_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_number" integer,
	"column" text,
	"value" text,
	"message" text NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "padron_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text GENERATED ALWAYS AS ('padron-load-' || id) STORED NOT NULL,
	"kind" text NOT NULL,
	"list_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"ruc_count" integer DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"attempt_open" boolean DEFAULT false NOT NULL,
	"crashes" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "padron_loads_status_check" CHECK ("padron_loads"."status" in (1, 2, 3, 4)),
	CONSTRAINT "padron_loads_progress_check" CHECK ("padron_loads"."progress" between 0 and 100),
	CONSTRAINT "padron_loads_kind_check" CHECK ("padron_loads"."kind" in ('REDUCIDO', 'AGENTES_RETENCION', 'AGENTES_PERCEPCION', 'BUENOS_CONTRIBUYENTES'))
);
--> statement-breakpoint
CREATE TABLE "ruc_registry" (
	"ruc" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"condition" text NOT NULL,
	"ubigeo" text,
	"load_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ruc_standings" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruc" text NOT NULL,
	"load_id" integer NOT NULL,
	"list_date" date NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"condition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "padron_load_errors" ADD CONSTRAINT "padron_load_errors_batch_id_padron_loads_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."padron_loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruc_standings" ADD CONSTRAINT "ruc_standings_load_id_padron_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."padron_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "padron_load_errors_batch_idx" ON "padron_load_errors" USING btree ("batch_id","row_number","id");--> statement-breakpoint
CREATE INDEX "padron_loads_created_at_idx" ON "padron_loads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "padron_loads_status_idx" ON "padron_loads" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "ruc_standings_ruc_load_unique" ON "ruc_standings" USING btree ("ruc","load_id");--> statement-breakpoint
CREATE INDEX "ruc_standings_ruc_idx" ON "ruc_standings" USING btree ("ruc","list_date" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tax_status_periods" ADD CONSTRAINT "tax_status_periods_load_id_padron_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."padron_loads"("id") ON DELETE no action ON UPDATE no action;