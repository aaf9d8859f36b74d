ALTER TABLE "customers" ADD COLUMN "place_lat" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "place_lng" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "place_precision" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "place_address" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_lat" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_lng" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_precision" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_place_together" CHECK (("customers"."place_lat" is null and "customers"."place_lng" is null and "customers"."place_precision" is null) or ("customers"."place_lat" between -90 and 90 and "customers"."place_lng" between -180 and 180 and "customers"."place_precision" in ('street', 'postal', 'city', 'manual')));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_place_together" CHECK (("jobs"."place_lat" is null and "jobs"."place_lng" is null and "jobs"."place_precision" is null) or ("jobs"."place_lat" between -90 and 90 and "jobs"."place_lng" between -180 and 180 and "jobs"."place_precision" in ('street', 'postal', 'city', 'manual')));