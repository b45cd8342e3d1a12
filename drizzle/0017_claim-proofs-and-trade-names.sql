CREATE TABLE "claim_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"evidence_file_id" text,
	"business_number" text NOT NULL,
	"contact" text NOT NULL,
	"nts_state" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_documents_state_check" CHECK (state IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "claim_documents_number_check" CHECK ("claim_documents"."business_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "claim_mail_codes" (
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_mail_codes_wholesaler_id_user_id_pk" PRIMARY KEY("wholesaler_id","user_id"),
	CONSTRAINT "claim_mail_codes_tries_check" CHECK ("claim_mail_codes"."tries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wholesaler_managers" DROP CONSTRAINT "wholesaler_managers_method_check";--> statement-breakpoint
ALTER TABLE "official_records" ADD COLUMN "page_trade_name" text;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_evidence_file_id_evidence_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."evidence_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_mail_codes" ADD CONSTRAINT "claim_mail_codes_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_mail_codes" ADD CONSTRAINT "claim_mail_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_documents_pending_idx" ON "claim_documents" USING btree ("wholesaler_id","user_id") WHERE "claim_documents"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "claim_documents_queue_idx" ON "claim_documents" USING btree ("created_at") WHERE "claim_documents"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "wholesaler_managers" ADD CONSTRAINT "wholesaler_managers_method_check" CHECK (method IN ('meta', 'file', 'email', 'document'));