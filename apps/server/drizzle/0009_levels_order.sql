ALTER TABLE "levels" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "levels_order_idx" ON "levels" USING btree ("sort_order");--> statement-breakpoint
-- Existing levels keep the order they were listed in (creation order): 0, 1, 2, ...
UPDATE "levels" SET "sort_order" = ranked.position
  FROM (SELECT "id", (row_number() OVER (ORDER BY "id")) - 1 AS position FROM "levels") AS ranked
  WHERE "levels"."id" = ranked."id";
