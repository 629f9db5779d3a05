-- The rules are whole numbers too (docs/decisions/0001): a percentage is basis points (hundredths
-- of a percent: 2.5% is 250, an adjustment fraction 0.1525 is 1525), an amount is cents. A value
-- whose type column says which (a multiplier, a factor, a benefit) is one integer in that unit;
-- a multiplier's or benefit's is its old decimal × 100 either way, a factor's × 10,000 when a
-- PERCENTAGE. Nothing is rounded: a stored value with more decimals than its unit keeps stops
-- the migration here instead of being changed.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "adjustment_factors"
    WHERE "factor" * (CASE WHEN "type" = 'PERCENTAGE' THEN 10000 ELSE 100 END)
      <> trunc("factor" * (CASE WHEN "type" = 'PERCENTAGE' THEN 10000 ELSE 100 END))
  ) THEN
    RAISE EXCEPTION 'adjustment_factors.factor: a value has more decimals than its unit keeps';
  END IF;
  IF EXISTS (
    SELECT 1 FROM "settings" s,
      LATERAL (
        SELECT (b->>'amount')::numeric AS v FROM jsonb_array_elements(s."benefits") b
        UNION ALL
        SELECT (m->>'multiplier')::numeric FROM jsonb_array_elements(s."custom_multipliers") m
      ) j
    WHERE j.v * 100 <> trunc(j.v * 100)
  ) THEN
    RAISE EXCEPTION 'settings: a benefit or custom multiplier has more than two decimals';
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "adjustment_factors" DROP CONSTRAINT "adjustment_factors_pct_range";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_experience";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_loyalty";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_offshore";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_acting_as";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_pillar";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_remote";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_company_pct";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_total_pct";--> statement-breakpoint
ALTER TABLE "adjustment_factors" ALTER COLUMN "factor" SET DATA TYPE bigint
  USING ("factor" * CASE WHEN "type" = 'PERCENTAGE' THEN 10000 ELSE 100 END)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "experience_multiplier" SET DATA TYPE bigint USING ("experience_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "loyalty_multiplier" SET DATA TYPE bigint USING ("loyalty_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "offshore_multiplier" SET DATA TYPE bigint USING ("offshore_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "acting_as_multiplier" SET DATA TYPE bigint USING ("acting_as_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "pillar_multiplier" SET DATA TYPE bigint USING ("pillar_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "remote_multiplier" SET DATA TYPE bigint USING ("remote_multiplier" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "company_insurance_percentage" SET DATA TYPE integer USING ("company_insurance_percentage" * 100)::integer;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "company_insurance_percentage" SET DEFAULT 10000;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "total_insurance_percentage" SET DATA TYPE integer USING ("total_insurance_percentage" * 100)::integer;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "total_insurance_percentage" SET DEFAULT 1400;--> statement-breakpoint
-- The jsonb lists keep each value under "units" (the old "amount" / "multiplier" key goes), in order.
UPDATE "settings" SET
  "benefits" = (
    SELECT coalesce(jsonb_agg(jsonb_build_object('name', b->'name', 'type', b->'type',
      'units', ((b->>'amount')::numeric * 100)::bigint) ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements("benefits") WITH ORDINALITY AS e(b, n)),
  "custom_multipliers" = (
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', m->'id', 'title', m->'title', 'type', m->'type',
      'units', ((m->>'multiplier')::numeric * 100)::bigint) ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements("custom_multipliers") WITH ORDINALITY AS e(m, n));--> statement-breakpoint
ALTER TABLE "adjustment_factors" ADD CONSTRAINT "adjustment_factors_pct_range" CHECK ("adjustment_factors"."type" <> 'PERCENTAGE' or "adjustment_factors"."factor" between -10000 and 10000);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_experience" CHECK (experience_multiplier_type in ('PERCENTAGE', 'FIXED') and (experience_multiplier_type <> 'PERCENTAGE' or experience_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_loyalty" CHECK (loyalty_multiplier_type in ('PERCENTAGE', 'FIXED') and (loyalty_multiplier_type <> 'PERCENTAGE' or loyalty_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_offshore" CHECK (offshore_multiplier_type in ('PERCENTAGE', 'FIXED') and (offshore_multiplier_type <> 'PERCENTAGE' or offshore_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_acting_as" CHECK (acting_as_multiplier_type in ('PERCENTAGE', 'FIXED') and (acting_as_multiplier_type <> 'PERCENTAGE' or acting_as_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_pillar" CHECK (pillar_multiplier_type in ('PERCENTAGE', 'FIXED') and (pillar_multiplier_type <> 'PERCENTAGE' or pillar_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_remote" CHECK (remote_multiplier_type in ('PERCENTAGE', 'FIXED') and (remote_multiplier_type <> 'PERCENTAGE' or remote_multiplier between -10000 and 10000));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_company_pct" CHECK ("settings"."company_insurance_percentage" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_total_pct" CHECK ("settings"."total_insurance_percentage" between 0 and 10000);