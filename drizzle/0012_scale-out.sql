CREATE TABLE "catch_up_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesaler_view_counts" (
	"wholesaler_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_files" ALTER COLUMN "body" DROP NOT NULL;