ALTER TABLE "base_salaries" ADD COLUMN "band_spread" integer;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD COLUMN "band_min" bigint;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD COLUMN "band_max" bigint;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_band_spread_range" CHECK ("base_salaries"."band_spread" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_band_min_range" CHECK ("base_salaries"."band_min" between 0 and "base_salaries"."amount");--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_band_max_range" CHECK ("base_salaries"."band_max" >= "base_salaries"."amount");