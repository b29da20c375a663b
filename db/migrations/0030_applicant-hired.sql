ALTER TABLE "applicants" ADD COLUMN "hired_employee_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "hired_contract_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_hired_employee_id_employees_id_fk" FOREIGN KEY ("hired_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_hired_contract_id_contracts_id_fk" FOREIGN KEY ("hired_contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_hired_employee_idx" ON "applicants" USING btree ("hired_employee_id");--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_hired_check" CHECK (("applicants"."hired_employee_id" is null) = ("applicants"."hired_contract_id" is null));