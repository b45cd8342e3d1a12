-- Sign-up used to fill the display name with the e-mail's local part ("seller" for seller@example.com),
-- which puts part of a login address wherever a name is shown (decisions 29). A name that is exactly
-- that local part was never chosen by anyone: clear it; an empty name reads as `관리자` on notes.
UPDATE "user" SET "name" = '' WHERE "name" = split_part("email", '@', 1);
