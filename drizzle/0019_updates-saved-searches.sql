CREATE TABLE "saved_search_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"run" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_mails_state_check" CHECK (state IN ('pending', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_news" (
	"saved_search_id" integer NOT NULL,
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "saved_search_news_saved_search_id_wholesaler_id_pk" PRIMARY KEY("saved_search_id","wholesaler_id"),
	CONSTRAINT "saved_search_news_reason_check" CHECK (reason IN ('new', 'terms'))
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"q" text DEFAULT '' NOT NULL,
	"q_chosung" boolean DEFAULT false NOT NULL,
	"q_key" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"also_category" text DEFAULT '' NOT NULL,
	"fact_mask" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_query_check" CHECK (char_length("saved_searches"."query") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "supplier_news" (
	"wholesaler_id" integer PRIMARY KEY NOT NULL,
	"new_at" timestamp with time zone,
	"terms_at" timestamp with time zone,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"news_at" timestamp with time zone NOT NULL,
	"unmatched" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_mails" ADD CONSTRAINT "saved_search_mails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_news" ADD CONSTRAINT "saved_search_news_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_news" ADD CONSTRAINT "saved_search_news_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_news" ADD CONSTRAINT "saved_search_news_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_news" ADD CONSTRAINT "supplier_news_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_mails_user_run_idx" ON "saved_search_mails" USING btree ("user_id","run");--> statement-breakpoint
CREATE INDEX "saved_search_news_waiting_idx" ON "saved_search_news" USING btree ("user_id") WHERE "saved_search_news"."settled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree ("q_key","category","fact_mask");--> statement-breakpoint
CREATE INDEX "saved_searches_also_idx" ON "saved_searches" USING btree ("also_category") WHERE "saved_searches"."also_category" <> '';--> statement-breakpoint
CREATE INDEX "supplier_news_at_idx" ON "supplier_news" USING btree ("news_at" DESC NULLS LAST,"wholesaler_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_news_unmatched_idx" ON "supplier_news" USING btree ("news_at") WHERE "supplier_news"."unmatched";--> statement-breakpoint
-- hand-written:
-- What is new on /updates from the start (docs/decisions/0053): the suppliers published in the last 30 days, as new,
-- already looked at by the saved searches (none existed before this migration, so there is nothing to mail).
INSERT INTO "supplier_news" ("wholesaler_id", "new_at", "news_at", "unmatched")
SELECT "id", "created_at", "created_at", false FROM "wholesalers"
WHERE "status" = 'published' AND "created_at" > now() - interval '30 days'
ON CONFLICT DO NOTHING;
