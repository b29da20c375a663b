DROP INDEX "employees_name_es_sort_idx";--> statement-breakpoint
DROP INDEX "employees_surname_es_sort_idx";--> statement-breakpoint
DROP INDEX "employees_status_sort_idx";--> statement-breakpoint
CREATE INDEX "employees_name_es_sort_idx" ON "employees" USING btree ("name" collate es_pe,"id","area_id","position_id","company_id","status");--> statement-breakpoint
CREATE INDEX "employees_surname_es_sort_idx" ON "employees" USING btree ("surname" collate es_pe,"id","area_id","position_id","company_id","status");--> statement-breakpoint
CREATE INDEX "employees_status_sort_idx" ON "employees" USING btree ("status","id","area_id","position_id","company_id");