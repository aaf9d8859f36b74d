CREATE TABLE "geocode_cache" (
	"company_id" uuid NOT NULL,
	"address_key" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"precision" text,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "geocode_cache_company_id_address_key_pk" PRIMARY KEY("company_id","address_key"),
	CONSTRAINT "geocode_cache_point_together" CHECK (("geocode_cache"."lat" is null and "geocode_cache"."lng" is null and "geocode_cache"."precision" is null) or ("geocode_cache"."lat" between -90 and 90 and "geocode_cache"."lng" between -180 and 180 and "geocode_cache"."precision" in ('street', 'postal', 'city')))
);
--> statement-breakpoint
ALTER TABLE "geocode_cache" ADD CONSTRAINT "geocode_cache_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geocode_cache_expires_idx" ON "geocode_cache" USING btree ("expires_at");