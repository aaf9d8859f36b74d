CREATE TABLE "deleted_job_photo" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deleted_job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"job" jsonb NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_job_photo" ADD CONSTRAINT "deleted_job_photo_deleted_job_id_deleted_job_id_fk" FOREIGN KEY ("deleted_job_id") REFERENCES "public"."deleted_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_job_photo" ADD CONSTRAINT "deleted_job_photo_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_job_photo" ADD CONSTRAINT "deleted_job_photo_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_job" ADD CONSTRAINT "deleted_job_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_job" ADD CONSTRAINT "deleted_job_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_job_photo_job_idx" ON "deleted_job_photo" USING btree ("deleted_job_id");--> statement-breakpoint
CREATE INDEX "deleted_job_deleted_at_idx" ON "deleted_job" USING btree ("deleted_at");