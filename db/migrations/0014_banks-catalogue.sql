ALTER TABLE "banks" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "source" text DEFAULT 'referencia' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_status_check" CHECK (status in (1, 2));--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_source_check" CHECK ("banks"."source" in ('referencia', 'usuario'));