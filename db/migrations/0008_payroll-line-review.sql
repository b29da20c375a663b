ALTER TABLE "payroll_lines" ADD COLUMN "review_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "review_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "review_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_review_confirmed_check" CHECK (("payroll_lines"."review_confirmed_at" is null) = ("payroll_lines"."review_confirmed_by" is null));