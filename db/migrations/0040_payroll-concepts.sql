CREATE TABLE "payroll_line_concepts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"payroll_line_id" bigint NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"kind" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payroll_line_concepts_code_check" CHECK ("payroll_line_concepts"."code" ~ '^[0-9]{4}$'),
	CONSTRAINT "payroll_line_concepts_kind_check" CHECK ("payroll_line_concepts"."kind" in (1, 2, 3)),
	CONSTRAINT "payroll_line_concepts_amount_check" CHECK ("payroll_line_concepts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plame_concepts" (
	"code" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"description" text NOT NULL,
	"kind" smallint NOT NULL,
	CONSTRAINT "plame_concepts_code_check" CHECK ("plame_concepts"."code" ~ '^[0-9]{4}$'),
	CONSTRAINT "plame_concepts_kind_check" CHECK ("plame_concepts"."kind" in (1, 2, 3)),
	CONSTRAINT "plame_concepts_dates_check" CHECK ("plame_concepts"."valid_to" is null or "plame_concepts"."valid_to" >= "plame_concepts"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "days_worked" smallint;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "ordinary_minutes" integer;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "overtime_minutes" integer;--> statement-breakpoint
ALTER TABLE "payroll_line_concepts" ADD CONSTRAINT "payroll_line_concepts_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_concepts" ADD CONSTRAINT "payroll_line_concepts_payroll_line_id_payroll_lines_id_fk" FOREIGN KEY ("payroll_line_id") REFERENCES "public"."payroll_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_line_concepts_line_code_unique" ON "payroll_line_concepts" USING btree ("payroll_line_id","code");--> statement-breakpoint
CREATE INDEX "payroll_line_concepts_payroll_idx" ON "payroll_line_concepts" USING btree ("payroll_id","payroll_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plame_concepts_code_from_unique" ON "plame_concepts" USING btree ("code","valid_from");--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_days_worked_check" CHECK ("payroll_lines"."days_worked" between 0 and 31);--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_minutes_check" CHECK ("payroll_lines"."ordinary_minutes" >= 0 and "payroll_lines"."overtime_minutes" >= 0);