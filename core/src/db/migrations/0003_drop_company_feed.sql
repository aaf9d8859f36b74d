DROP TABLE "activity_event" CASCADE;--> statement-breakpoint
DROP TABLE "notification_read" CASCADE;