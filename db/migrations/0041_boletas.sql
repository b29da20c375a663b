CREATE TABLE "boleta_deliveries" (
	"payroll_line_id" bigint PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"method" smallint NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_by" text NOT NULL,
	"email" text,
	"ack_token_sha256" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "boleta_deliveries_method_check" CHECK ("boleta_deliveries"."method" in (1, 2)),
	CONSTRAINT "boleta_deliveries_email_check" CHECK ("boleta_deliveries"."method" <> 1 or ("boleta_deliveries"."email" is not null and "boleta_deliveries"."ack_token_sha256" is not null)),
	CONSTRAINT "boleta_deliveries_ack_check" CHECK (("boleta_deliveries"."acknowledged_at" is null) = ("boleta_deliveries"."acknowledged_from" is null) and ("boleta_deliveries"."acknowledged_at" is null or "boleta_deliveries"."ack_token_sha256" is not null))
);
--> statement-breakpoint
CREATE TABLE "boleta_runs" (
	"payroll_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"message" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "boleta_runs_payroll_id_kind_pk" PRIMARY KEY("payroll_id","kind"),
	CONSTRAINT "boleta_runs_kind_check" CHECK ("boleta_runs"."kind" in (1, 2)),
	CONSTRAINT "boleta_runs_status_check" CHECK ("boleta_runs"."status" in (1, 2, 3, 4)),
	CONSTRAINT "boleta_runs_progress_check" CHECK ("boleta_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "boleta_deliveries" ADD CONSTRAINT "boleta_deliveries_payroll_line_id_payroll_lines_id_fk" FOREIGN KEY ("payroll_line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleta_deliveries" ADD CONSTRAINT "boleta_deliveries_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleta_runs" ADD CONSTRAINT "boleta_runs_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boleta_deliveries_token_unique" ON "boleta_deliveries" USING btree ("ack_token_sha256");--> statement-breakpoint
CREATE INDEX "boleta_deliveries_payroll_idx" ON "boleta_deliveries" USING btree ("payroll_id");