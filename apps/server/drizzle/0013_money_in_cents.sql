-- Money is whole cents in the database too (docs/decisions/0001). numeric(14,2) × 100 is an
-- integer, so round() only changes the type: every stored amount converts exactly.
ALTER TABLE "base_salaries" ALTER COLUMN "amount" SET DATA TYPE bigint USING round("amount" * 100)::bigint;--> statement-breakpoint
-- One statement, so the append-only history is rewritten once (a type change fires no row trigger).
ALTER TABLE "pay_history"
  ALTER COLUMN "gross_before" SET DATA TYPE bigint USING round("gross_before" * 100)::bigint,
  ALTER COLUMN "gross_after" SET DATA TYPE bigint USING round("gross_after" * 100)::bigint,
  ALTER COLUMN "cost_before" SET DATA TYPE bigint USING round("cost_before" * 100)::bigint,
  ALTER COLUMN "cost_after" SET DATA TYPE bigint USING round("cost_after" * 100)::bigint;
