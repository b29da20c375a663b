CREATE INDEX "audit_logs_actor_trgm_idx" ON "audit_logs" USING gin ("actor" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_description_trgm_idx" ON "audit_logs" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_identifier_prefix_idx" ON "employees" USING btree ("identifier" text_pattern_ops);