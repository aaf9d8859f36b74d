CREATE TABLE "quote_deposit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payment_intent_id" text NOT NULL,
	"checkout_session_id" text,
	"paid_on" date NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_deposit_amount_positive" CHECK ("quote_deposit"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_percent_thousandths" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "quote_deposit" ADD CONSTRAINT "quote_deposit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_deposit" ADD CONSTRAINT "quote_deposit_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_deposit" ADD CONSTRAINT "quote_deposit_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_deposit" ADD CONSTRAINT "quote_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_deposit_intent_idx" ON "quote_deposit" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "quote_deposit_quote_idx" ON "quote_deposit" USING btree ("company_id","quote_id");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_one_deposit" CHECK ("quotes"."deposit_percent_thousandths" is null or "quotes"."deposit_amount" is null);