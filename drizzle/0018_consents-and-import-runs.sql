CREATE TABLE "consents" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "consents_kind_check" CHECK (kind IN ('terms', 'privacy', 'age', 'news'))
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"choice" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_state_check" CHECK (state IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Accounts made before the consent items were separate ticked one box, "이용약관과 개인정보처리방침에 동의합니다.": their
-- terms and privacy consents, at their sign-up time, of the version that names that box (docs/decisions/0054).
INSERT INTO "consents" ("user_id", "kind", "version", "agreed_at")
SELECT "id", k.kind, 'combined-checkbox', "created_at" FROM "user" CROSS JOIN (VALUES ('terms'), ('privacy')) AS k(kind)
ON CONFLICT DO NOTHING;
