CREATE TABLE "alert_digests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"through_change_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_digests_state_check" CHECK (state IN ('pending', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"notified_through" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_codes" (
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_codes_wholesaler_id_user_id_pk" PRIMARY KEY("wholesaler_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wholesaler_managers" (
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"proof_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesaler_managers_wholesaler_id_user_id_pk" PRIMARY KEY("wholesaler_id","user_id"),
	CONSTRAINT "wholesaler_managers_method_check" CHECK (method IN ('meta', 'file'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wholesaler_id" integer;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "terms_supplied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesaler_managers" ADD CONSTRAINT "wholesaler_managers_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesaler_managers" ADD CONSTRAINT "wholesaler_managers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_user_day_idx" ON "alert_digests" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "claim_codes_expires_idx" ON "claim_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wholesaler_managers_user_idx" ON "wholesaler_managers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_wholesaler_idx" ON "products" USING btree ("wholesaler_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);