CREATE TABLE "voucher_xml_instalments" (
	"voucher_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "voucher_xml_instalments_voucher_id_number_pk" PRIMARY KEY("voucher_id","number"),
	CONSTRAINT "voucher_xml_instalments_number_check" CHECK ("voucher_xml_instalments"."number" between 1 and 999),
	CONSTRAINT "voucher_xml_instalments_amount_check" CHECK ("voucher_xml_instalments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_xml_terms" (
	"voucher_id" integer PRIMARY KEY NOT NULL,
	"spot_code" text,
	"detraction_rate_bp" integer,
	"detraction_cents" bigint,
	"detraction_account" text,
	"payment_means_code" text,
	"payment_form" text,
	"credit_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "voucher_xml_terms_spot_code_check" CHECK ("voucher_xml_terms"."spot_code" is null or "voucher_xml_terms"."spot_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "voucher_xml_terms_rate_check" CHECK ("voucher_xml_terms"."detraction_rate_bp" is null or "voucher_xml_terms"."detraction_rate_bp" between 0 and 10000),
	CONSTRAINT "voucher_xml_terms_amounts_check" CHECK (coalesce("voucher_xml_terms"."detraction_cents", 0) >= 0 and coalesce("voucher_xml_terms"."credit_cents", 0) >= 0),
	CONSTRAINT "voucher_xml_terms_payment_form_check" CHECK ("voucher_xml_terms"."payment_form" is null or "voucher_xml_terms"."payment_form" in ('Contado', 'Credito')),
	CONSTRAINT "voucher_xml_terms_credit_check" CHECK ("voucher_xml_terms"."credit_cents" is null or "voucher_xml_terms"."payment_form" = 'Credito')
);
--> statement-breakpoint
ALTER TABLE "voucher_xml_instalments" ADD CONSTRAINT "voucher_xml_instalments_voucher_id_voucher_xml_terms_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher_xml_terms"("voucher_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_xml_terms" ADD CONSTRAINT "voucher_xml_terms_voucher_id_payment_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."payment_vouchers"("id") ON DELETE no action ON UPDATE no action;