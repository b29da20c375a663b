ALTER TABLE "payment_batches" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE INDEX "payment_batches_content_idx" ON "payment_batches" USING btree ("content_sha256");
