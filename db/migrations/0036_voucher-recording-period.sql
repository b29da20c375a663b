-- Each voucher's 'Periodo de registro' (AAAAMM): existing vouchers were recorded in their issue month.
ALTER TABLE "payment_vouchers" ADD COLUMN "recording_period" text;--> statement-breakpoint
UPDATE "payment_vouchers" SET "recording_period" = to_char("issue_date", 'YYYYMM');--> statement-breakpoint
ALTER TABLE "payment_vouchers" ALTER COLUMN "recording_period" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_recording_period_check" CHECK ("payment_vouchers"."recording_period" ~ '^[0-9]{4}(0[1-9]|1[0-2])$' and "payment_vouchers"."recording_period" between to_char("payment_vouchers"."issue_date", 'YYYYMM') and to_char("payment_vouchers"."issue_date" + interval '12 months', 'YYYYMM'));
