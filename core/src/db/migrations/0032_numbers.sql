CREATE TABLE "job_move" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"from_time" varchar(5) NOT NULL,
	"to_date" date,
	"to_time" varchar(5),
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_move" ADD CONSTRAINT "job_move_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_move_company_moved_idx" ON "job_move" USING btree ("company_id","moved_at");--> statement-breakpoint
CREATE INDEX "job_taps_company_job_idx" ON "job_taps" USING btree ("company_id","job_id","kind");