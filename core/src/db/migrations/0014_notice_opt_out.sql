CREATE TABLE "notice_opt_out" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_opt_out_company_id_email_pk" PRIMARY KEY("company_id","email")
);
--> statement-breakpoint
ALTER TABLE "customer_notice" ADD COLUMN "address_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_opt_out" ADD CONSTRAINT "notice_opt_out_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;