ALTER TABLE "payroll_batches" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE INDEX "payroll_batches_content_idx" ON "payroll_batches" USING btree ("period","type","content_sha256");