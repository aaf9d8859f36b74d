-- Several photos per job (docs/my-day.md, "Photos"): the one-per-kind table is kept aside, replaced, and its photos copied over as the first of their kind.
ALTER TABLE "job_photos" RENAME TO "job_photos_0008";--> statement-breakpoint
ALTER TABLE "job_photos_0008" DROP CONSTRAINT "job_photos_job_id_kind_pk";--> statement-breakpoint
ALTER TABLE "job_photos_0008" DROP CONSTRAINT "job_photos_job_id_jobs_id_fk";--> statement-breakpoint
CREATE TABLE "job_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_photos_job_idx" ON "job_photos" USING btree ("company_id","job_id","kind","created_at");--> statement-breakpoint
INSERT INTO "job_photos" ("company_id", "job_id", "kind", "mime_type", "bytes", "size", "created_at")
	SELECT "jobs"."company_id", "old"."job_id", "old"."kind", "old"."mime_type", "old"."bytes", "old"."size", "old"."updated_at"
	FROM "job_photos_0008" AS "old" JOIN "jobs" ON "jobs"."id" = "old"."job_id";--> statement-breakpoint
DROP TABLE "job_photos_0008";
