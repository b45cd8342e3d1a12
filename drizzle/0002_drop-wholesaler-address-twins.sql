ALTER TABLE "wholesalers" DROP COLUMN "website";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP COLUMN "image";