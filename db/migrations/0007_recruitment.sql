CREATE TABLE "applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('POS-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"job_opening_id" integer NOT NULL,
	"identifier_type" smallint NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"hire_date" date,
	"leave_date" date,
	"pending_vacation_days" smallint,
	"cv_key" text,
	"cv_name" text,
	"cv_type" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "applicants_status_check" CHECK (status in (1, 2)),
	CONSTRAINT "applicants_dates_check" CHECK ("applicants"."leave_date" is null or "applicants"."hire_date" is null or "applicants"."leave_date" >= "applicants"."hire_date"),
	CONSTRAINT "applicants_vacation_check" CHECK ("applicants"."pending_vacation_days" is null or "applicants"."pending_vacation_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "job_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"position_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"company_id" integer,
	"min_experience_years" smallint NOT NULL,
	"requested_by_id" integer NOT NULL,
	"details" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_openings_status_check" CHECK (status in (1, 2)),
	CONSTRAINT "job_openings_experience_check" CHECK ("job_openings"."min_experience_years" between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_job_opening_id_job_openings_id_fk" FOREIGN KEY ("job_opening_id") REFERENCES "public"."job_openings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_requested_by_id_employees_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_document_unique" ON "applicants" USING btree ("job_opening_id","identifier_type","identifier");--> statement-breakpoint
CREATE INDEX "applicants_job_opening_idx" ON "applicants" USING btree ("job_opening_id");--> statement-breakpoint
CREATE INDEX "applicants_identifier_idx" ON "applicants" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "job_openings_code_unique" ON "job_openings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_openings_area_idx" ON "job_openings" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "job_openings_position_idx" ON "job_openings" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "job_openings_company_idx" ON "job_openings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_openings_created_at_idx" ON "job_openings" USING btree ("created_at");