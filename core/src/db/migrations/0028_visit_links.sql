CREATE TABLE "visit_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"text" varchar(1000) NOT NULL,
	"photo_mime_type" text,
	"photo_bytes" "bytea",
	"photo_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_note_photo_together" CHECK (("visit_note"."photo_mime_type" is null) = ("visit_note"."photo_bytes" is null) and ("visit_note"."photo_bytes" is null) = ("visit_note"."photo_size" is null))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "arrival_estimate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_link" ADD CONSTRAINT "visit_link_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_note" ADD CONSTRAINT "visit_note_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_link_current_idx" ON "visit_link" USING btree ("company_id","job_id") WHERE "visit_link"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "visit_note_job_idx" ON "visit_note" USING btree ("company_id","job_id","created_at");