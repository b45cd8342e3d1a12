CREATE TABLE "wholesaler_views" (
	"wholesaler_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "wholesaler_views_wholesaler_id_day_visitor_pk" PRIMARY KEY("wholesaler_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "wholesaler_views" ADD CONSTRAINT "wholesaler_views_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wholesaler_views_day_idx" ON "wholesaler_views" USING btree ("day");