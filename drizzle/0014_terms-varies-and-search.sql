-- The 1- and 2-character grams of a text, as platform/search/korean-search.ts gramsOf makes them (no gram
-- with a space): the search's GIN index reads them. IMMUTABLE, so a generated column may use it.
CREATE OR REPLACE FUNCTION search_grams_of(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}'::text[]) FROM (
    SELECT substr(value, i, 1) AS gram FROM generate_series(1, char_length(value)) AS i
    UNION ALL
    SELECT substr(value, i, 2) FROM generate_series(1, char_length(value) - 1) AS i
  ) AS grams WHERE gram !~ '\s'
$$;--> statement-breakpoint
ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_returns_check";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_image_use_check";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_price_policy_check";--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "min_order_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "shipping_fee_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "text_grams" text[] GENERATED ALWAYS AS (search_grams || search_grams_of(lower(summary || ' ' || category || ' ' || site_host))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "wholesalers_text_grams_idx" ON "wholesalers" USING gin ("text_grams");--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_min_order_varies_check" CHECK (NOT ("wholesalers"."min_order_varies" AND "wholesalers"."min_order" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_shipping_fee_varies_check" CHECK (NOT ("wholesalers"."shipping_fee_varies" AND ("wholesalers"."shipping_fee" IS NOT NULL OR "wholesalers"."free_shipping_over" IS NOT NULL)));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_returns_check" CHECK ("returns" IN ('yes', 'no', 'conditional', 'varies'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_image_use_check" CHECK (image_use IN ('yes', 'no', 'varies'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_price_policy_check" CHECK (price_policy IN ('free', 'minimum', 'closed', 'varies'));