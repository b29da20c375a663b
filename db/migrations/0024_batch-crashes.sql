ALTER TABLE "payment_batches" ADD COLUMN "attempt_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "crashes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_batches" ADD COLUMN "attempt_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_batches" ADD COLUMN "crashes" smallint DEFAULT 0 NOT NULL;