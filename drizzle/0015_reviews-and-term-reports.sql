CREATE TABLE "evidence_files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"body" "bytea",
	"delete_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_files_content_type_check" CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "review_answers" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_score_days" (
	"wholesaler_id" integer NOT NULL,
	"day" date NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"shipping_sum" integer DEFAULT 0 NOT NULL,
	"shipping_count" integer DEFAULT 0 NOT NULL,
	"stock_sum" integer DEFAULT 0 NOT NULL,
	"stock_count" integer DEFAULT 0 NOT NULL,
	"support_sum" integer DEFAULT 0 NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"returns_sum" integer DEFAULT 0 NOT NULL,
	"returns_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_score_days_wholesaler_id_day_pk" PRIMARY KEY("wholesaler_id","day")
);
--> statement-breakpoint
CREATE TABLE "review_takedowns" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"requested_by" text,
	"reason" text NOT NULL,
	"objection" text,
	"objected_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_takedowns_status_check" CHECK (status IN ('open', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wholesaler_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"shipping" smallint,
	"stock" smallint,
	"support" smallint,
	"returns" smallint,
	"traded_on" text NOT NULL,
	"body" text NOT NULL,
	"evidence_number" text,
	"evidence_key" text,
	"evidence_file_id" text,
	"evidence" text DEFAULT 'none' NOT NULL,
	"evidence_decided_at" timestamp with time zone,
	"evidence_decided_by" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_shipping_check" CHECK (shipping IS NULL OR shipping BETWEEN 1 AND 5),
	CONSTRAINT "reviews_stock_check" CHECK (stock IS NULL OR stock BETWEEN 1 AND 5),
	CONSTRAINT "reviews_support_check" CHECK (support IS NULL OR support BETWEEN 1 AND 5),
	CONSTRAINT "reviews_returns_check" CHECK ("returns" IS NULL OR "returns" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_some_score_check" CHECK (coalesce("reviews"."shipping", "reviews"."stock", "reviews"."support", "reviews"."returns") IS NOT NULL),
	CONSTRAINT "reviews_traded_on_check" CHECK ("reviews"."traded_on" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "reviews_evidence_check" CHECK (evidence IN ('none', 'pending', 'confirmed', 'rejected')),
	CONSTRAINT "reviews_visibility_check" CHECK (visibility IN ('public', 'hidden', 'taken-down'))
);
--> statement-breakpoint
CREATE TABLE "term_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "term_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wholesaler_id" integer NOT NULL,
	"reporter_id" text,
	"terms" jsonb NOT NULL,
	"evidence_url" text,
	"evidence_file_id" text,
	"checked_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"applied" text[],
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_reports_status_check" CHECK (status IN ('open', 'applied', 'rejected')),
	CONSTRAINT "term_reports_evidence_check" CHECK ("term_reports"."evidence_url" IS NOT NULL OR "term_reports"."evidence_file_id" IS NOT NULL),
	CONSTRAINT "term_reports_evidence_url_check" CHECK ("term_reports"."evidence_url" ~* '^https?://')
);
--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "term_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_score_days" ADD CONSTRAINT "review_score_days_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_takedowns" ADD CONSTRAINT "review_takedowns_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_takedowns" ADD CONSTRAINT "review_takedowns_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_takedowns" ADD CONSTRAINT "review_takedowns_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_evidence_decided_by_user_id_fk" FOREIGN KEY ("evidence_decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_reports" ADD CONSTRAINT "term_reports_wholesaler_id_wholesalers_id_fk" FOREIGN KEY ("wholesaler_id") REFERENCES "public"."wholesalers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_reports" ADD CONSTRAINT "term_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_reports" ADD CONSTRAINT "term_reports_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_files_due_idx" ON "evidence_files" USING btree ("delete_after") WHERE "evidence_files"."delete_after" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "evidence_files_orphan_idx" ON "evidence_files" USING btree ("created_at") WHERE "evidence_files"."owner_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_review_user_idx" ON "review_flags" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE INDEX "review_flags_open_idx" ON "review_flags" USING btree ("review_id") WHERE "review_flags"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "review_takedowns_open_idx" ON "review_takedowns" USING btree ("created_at") WHERE "review_takedowns"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reviews_wholesaler_idx" ON "reviews" USING btree ("wholesaler_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","wholesaler_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_evidence_pending_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."evidence" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_evidence_key_idx" ON "reviews" USING btree ("evidence_key") WHERE "reviews"."evidence_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "term_reports_open_idx" ON "term_reports" USING btree ("created_at" DESC NULLS LAST) WHERE "term_reports"."status" = 'open';--> statement-breakpoint
-- The scores of counted reviews (증빙 확인 and public) per supplier and Korean calendar day of writing, kept in the
-- writing transaction by whatever changes a review: the review forms, an administrator's decisions, and the
-- cascades of 회원 탈퇴 and of a supplier's deletion (features/reviews, docs/decisions/0048). Korea keeps +09:00 all year.
CREATE OR REPLACE FUNCTION review_score_days_follow() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.evidence = 'confirmed' AND OLD.visibility = 'public' THEN
    UPDATE review_score_days SET
      reviews = reviews - 1,
      shipping_sum = shipping_sum - coalesce(OLD.shipping, 0), shipping_count = shipping_count - (OLD.shipping IS NOT NULL)::int,
      stock_sum = stock_sum - coalesce(OLD.stock, 0), stock_count = stock_count - (OLD.stock IS NOT NULL)::int,
      support_sum = support_sum - coalesce(OLD.support, 0), support_count = support_count - (OLD.support IS NOT NULL)::int,
      returns_sum = returns_sum - coalesce(OLD."returns", 0), returns_count = returns_count - (OLD."returns" IS NOT NULL)::int
    WHERE wholesaler_id = OLD.wholesaler_id AND day = (OLD.created_at AT TIME ZONE INTERVAL '+09:00')::date;
    DELETE FROM review_score_days
    WHERE wholesaler_id = OLD.wholesaler_id AND day = (OLD.created_at AT TIME ZONE INTERVAL '+09:00')::date AND reviews <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.evidence = 'confirmed' AND NEW.visibility = 'public' THEN
    INSERT INTO review_score_days AS d (wholesaler_id, day, reviews, shipping_sum, shipping_count, stock_sum, stock_count,
      support_sum, support_count, returns_sum, returns_count)
    VALUES (NEW.wholesaler_id, (NEW.created_at AT TIME ZONE INTERVAL '+09:00')::date, 1,
      coalesce(NEW.shipping, 0), (NEW.shipping IS NOT NULL)::int, coalesce(NEW.stock, 0), (NEW.stock IS NOT NULL)::int,
      coalesce(NEW.support, 0), (NEW.support IS NOT NULL)::int, coalesce(NEW."returns", 0), (NEW."returns" IS NOT NULL)::int)
    ON CONFLICT (wholesaler_id, day) DO UPDATE SET
      reviews = d.reviews + 1,
      shipping_sum = d.shipping_sum + excluded.shipping_sum, shipping_count = d.shipping_count + excluded.shipping_count,
      stock_sum = d.stock_sum + excluded.stock_sum, stock_count = d.stock_count + excluded.stock_count,
      support_sum = d.support_sum + excluded.support_sum, support_count = d.support_count + excluded.support_count,
      returns_sum = d.returns_sum + excluded.returns_sum, returns_count = d.returns_count + excluded.returns_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_score_days AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION review_score_days_follow();
