CREATE SEQUENCE "public"."contract_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"employee_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"contract_type" smallint NOT NULL,
	"start_date" date NOT NULL,
	"finish_date" date,
	"base_salary" numeric(12, 2) NOT NULL,
	"family_allowance" boolean DEFAULT false NOT NULL,
	"family_allowance_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_salary" numeric(12, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"closed_on" date,
	"close_reason" text,
	"closed_by" text,
	"renews_contract_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in (1, 2, 3, 4)),
	CONSTRAINT "contracts_type_check" CHECK ("contracts"."contract_type" in (1, 2, 3, 4, 5)),
	CONSTRAINT "contracts_finish_date_check" CHECK (("contracts"."contract_type" = 5 and "contracts"."finish_date" is null) or ("contracts"."contract_type" <> 5 and "contracts"."finish_date" > "contracts"."start_date")),
	CONSTRAINT "contracts_salary_check" CHECK ("contracts"."base_salary" > 0 and "contracts"."total_salary" >= "contracts"."base_salary"),
	CONSTRAINT "contracts_closed_check" CHECK (("contracts"."status" in (1, 2) and "contracts"."closed_on" is null) or ("contracts"."status" in (3, 4) and "contracts"."closed_on" is not null)),
	CONSTRAINT "contracts_dismissal_reason_check" CHECK ("contracts"."status" <> 4 or "contracts"."close_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renews_contract_id_contracts_id_fk" FOREIGN KEY ("renews_contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_unique" ON "contracts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_current_per_employee" ON "contracts" USING btree ("employee_id") WHERE status in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_renews_unique" ON "contracts" USING btree ("renews_contract_id");--> statement-breakpoint
CREATE INDEX "contracts_employee_idx" ON "contracts" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "contracts_status_finish_idx" ON "contracts" USING btree ("status","finish_date");--> statement-breakpoint
CREATE INDEX "contracts_start_idx" ON "contracts" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contracts_area_idx" ON "contracts" USING btree ("area_id");