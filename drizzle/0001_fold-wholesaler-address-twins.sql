-- The first release stored each supplier's site and logo twice (site_url/website, logo_url/image) and
-- read them as `a || b`. Keep whichever was filled in the one column that stays; 0002 drops the twins.
UPDATE "wholesalers" SET "site_url" = "website" WHERE "site_url" = '' AND "website" <> '';--> statement-breakpoint
UPDATE "wholesalers" SET "logo_url" = "image" WHERE "logo_url" = '' AND "image" <> '';
