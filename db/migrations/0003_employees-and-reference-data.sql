CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('COL-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"identifier_type" smallint NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"company_id" integer,
	"area_id" integer,
	"position_id" integer,
	"status" smallint DEFAULT 2 NOT NULL,
	"birth_date" date,
	"address" text,
	"ubigeo" text,
	"nationality" text,
	"gender" smallint,
	"personal_phone" text,
	"personal_email" text,
	"emergency_contact" text,
	"emergency_phone_number" text,
	"bank_identifier_type" smallint,
	"bank_identifier" text,
	"bank_holder" text,
	"bank_id" text,
	"bank_account" text,
	"account_type" smallint,
	"bank_inter_account" text,
	"detraction_account" text,
	"bank_account_verified" boolean DEFAULT false NOT NULL,
	"bank_account_verified_by" text,
	"bank_account_verified_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (translate(lower(identifier || ' ' || name || ' ' || surname), 'ÁÉÍÓÚÜÑáéíóúüñ', 'aeiouunaeiouun')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "employees_status_check" CHECK ("employees"."status" in (1, 2)),
	CONSTRAINT "employees_identifier_type_check" CHECK ("employees"."identifier_type" in (0, 1, 4, 6, 7, 9, 22, 23, 24, 90, 91)),
	CONSTRAINT "employees_gender_check" CHECK ("employees"."gender" in (1, 2)),
	CONSTRAINT "employees_account_type_check" CHECK ("employees"."account_type" in (1, 2, 3)),
	CONSTRAINT "employees_cci_check" CHECK ("employees"."bank_inter_account" ~ '^[0-9]{20}$'),
	CONSTRAINT "employees_bank_verified_check" CHECK (not "employees"."bank_account_verified" or "employees"."bank_account_verified_by" is not null)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "banks_code_check" CHECK ("banks"."code" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "countries_code_check" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "ubigeo_districts" (
	"code" text PRIMARY KEY NOT NULL,
	"reniec_code" text,
	"department" text NOT NULL,
	"province" text NOT NULL,
	"district" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "ubigeo_districts_code_check" CHECK ("ubigeo_districts"."code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_ubigeo_ubigeo_districts_code_fk" FOREIGN KEY ("ubigeo") REFERENCES "public"."ubigeo_districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_nationality_countries_code_fk" FOREIGN KEY ("nationality") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_bank_id_banks_code_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_identifier_unique" ON "employees" USING btree ("identifier_type","identifier");--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_area_status_idx" ON "employees" USING btree ("area_id","status","created_at");--> statement-breakpoint
CREATE INDEX "employees_company_status_idx" ON "employees" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "employees_position_idx" ON "employees" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "ubigeo_districts_district_idx" ON "ubigeo_districts" USING btree ("district");