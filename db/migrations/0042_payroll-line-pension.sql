ALTER TABLE "payroll_lines" ADD COLUMN "pension_system" text;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "cuspp" text;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_pension_system_check" CHECK ("payroll_lines"."pension_system" in ('AFP', 'ONP'));--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_cuspp_check" CHECK ("payroll_lines"."cuspp" ~ '^[0-9A-Z]{12}$');