CREATE TABLE "image_files" (
	"hash" text NOT NULL,
	"size" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_files_hash_size_pk" PRIMARY KEY("hash","size")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hash" text,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"failure_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "images_hash_idx" ON "images" USING btree ("hash");