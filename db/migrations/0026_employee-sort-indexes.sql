CREATE INDEX "employees_name_sort_idx" ON "employees" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "employees_surname_sort_idx" ON "employees" USING btree ("surname","id");--> statement-breakpoint
CREATE INDEX "employees_status_sort_idx" ON "employees" USING btree ("status","id");