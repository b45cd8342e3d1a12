ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_returns_check";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_image_use_check";--> statement-breakpoint
ALTER TABLE "wholesalers" DROP CONSTRAINT "wholesalers_price_policy_check";--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "min_order_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD COLUMN "shipping_fee_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_min_order_varies_check" CHECK (NOT ("wholesalers"."min_order_varies" AND "wholesalers"."min_order" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_shipping_fee_varies_check" CHECK (NOT ("wholesalers"."shipping_fee_varies" AND ("wholesalers"."shipping_fee" IS NOT NULL OR "wholesalers"."free_shipping_over" IS NOT NULL)));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_returns_check" CHECK ("returns" IN ('yes', 'no', 'conditional', 'varies'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_image_use_check" CHECK (image_use IN ('yes', 'no', 'varies'));--> statement-breakpoint
ALTER TABLE "wholesalers" ADD CONSTRAINT "wholesalers_price_policy_check" CHECK (price_policy IN ('free', 'minimum', 'closed', 'varies'));