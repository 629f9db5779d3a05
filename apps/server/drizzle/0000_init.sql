CREATE TABLE "adjustment_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"factor" numeric(14, 4) NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustment_factors_type" CHECK ("adjustment_factors"."type" in ('PERCENTAGE', 'FIXED')),
	CONSTRAINT "adjustment_factors_pct_range" CHECK ("adjustment_factors"."type" <> 'PERCENTAGE' or "adjustment_factors"."factor" between -1 and 1)
);
--> statement-breakpoint
CREATE TABLE "base_salaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_salaries_amount_nonneg" CHECK ("base_salaries"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"job_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"years_experience" numeric(5, 2) DEFAULT '0' NOT NULL,
	"years_with_company" numeric(5, 2) DEFAULT '0' NOT NULL,
	"offshore_project" boolean DEFAULT false NOT NULL,
	"acting_as_different_grade" boolean DEFAULT false NOT NULL,
	"pillar" boolean DEFAULT false NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"custom_multipliers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_name_nonempty" CHECK (length(trim("employees"."name")) > 0),
	CONSTRAINT "employees_years_nonneg" CHECK ("employees"."years_experience" >= 0 and "employees"."years_with_company" >= 0),
	CONSTRAINT "employees_custom_array" CHECK (jsonb_typeof("employees"."custom_multipliers") = 'array')
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_name_nonempty" CHECK (length(trim("grades"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_name_nonempty" CHECK (length(trim("jobs"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_name_nonempty" CHECK (length(trim("levels"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"job_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_job_id_id_uq" UNIQUE("job_id","id"),
	CONSTRAINT "positions_name_nonempty" CHECK (length(trim("positions"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"experience_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"experience_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"loyalty_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"loyalty_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"offshore_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"offshore_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"acting_as_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"acting_as_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"pillar_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pillar_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"remote_multiplier" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remote_multiplier_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"custom_multipliers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_insurance_enabled" boolean DEFAULT true NOT NULL,
	"social_insurance_type" text DEFAULT 'COMPANY_FULL' NOT NULL,
	"company_insurance_percentage" numeric(7, 2) DEFAULT '100' NOT NULL,
	"total_insurance_percentage" numeric(7, 2) DEFAULT '14' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_experience" CHECK (experience_multiplier_type in ('PERCENTAGE', 'FIXED') and (experience_multiplier_type <> 'PERCENTAGE' or experience_multiplier between -100 and 100)),
	CONSTRAINT "settings_loyalty" CHECK (loyalty_multiplier_type in ('PERCENTAGE', 'FIXED') and (loyalty_multiplier_type <> 'PERCENTAGE' or loyalty_multiplier between -100 and 100)),
	CONSTRAINT "settings_offshore" CHECK (offshore_multiplier_type in ('PERCENTAGE', 'FIXED') and (offshore_multiplier_type <> 'PERCENTAGE' or offshore_multiplier between -100 and 100)),
	CONSTRAINT "settings_acting_as" CHECK (acting_as_multiplier_type in ('PERCENTAGE', 'FIXED') and (acting_as_multiplier_type <> 'PERCENTAGE' or acting_as_multiplier between -100 and 100)),
	CONSTRAINT "settings_pillar" CHECK (pillar_multiplier_type in ('PERCENTAGE', 'FIXED') and (pillar_multiplier_type <> 'PERCENTAGE' or pillar_multiplier between -100 and 100)),
	CONSTRAINT "settings_remote" CHECK (remote_multiplier_type in ('PERCENTAGE', 'FIXED') and (remote_multiplier_type <> 'PERCENTAGE' or remote_multiplier between -100 and 100)),
	CONSTRAINT "settings_si_type" CHECK ("settings"."social_insurance_type" in ('COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL')),
	CONSTRAINT "settings_company_pct" CHECK ("settings"."company_insurance_percentage" between 0 and 100),
	CONSTRAINT "settings_total_pct" CHECK ("settings"."total_insurance_percentage" between 0 and 100),
	CONSTRAINT "settings_json_arrays" CHECK (jsonb_typeof("settings"."custom_multipliers") = 'array' and jsonb_typeof("settings"."benefits") = 'array')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"show_settings" boolean DEFAULT false NOT NULL,
	"manage_settings" boolean DEFAULT false NOT NULL,
	"show_salary" boolean DEFAULT false NOT NULL,
	"show_cost" boolean DEFAULT false NOT NULL,
	"manage_employee" boolean DEFAULT false NOT NULL,
	"delete_employee" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adjustment_factors" ADD CONSTRAINT "adjustment_factors_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_factors" ADD CONSTRAINT "adjustment_factors_position_of_job_fk" FOREIGN KEY ("job_id","position_id") REFERENCES "public"."positions"("job_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_of_job_fk" FOREIGN KEY ("job_id","position_id") REFERENCES "public"."positions"("job_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_factors_job_position_uq" ON "adjustment_factors" USING btree ("job_id","position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_salaries_grade_level_uq" ON "base_salaries" USING btree ("grade_id","level_id");--> statement-breakpoint
CREATE INDEX "employees_job_idx" ON "employees" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "employees_position_idx" ON "employees" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "employees_grade_level_idx" ON "employees" USING btree ("grade_id","level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_name_lower_uq" ON "grades" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "grades_order_idx" ON "grades" USING btree ("sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_lower_uq" ON "jobs" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "levels_name_lower_uq" ON "levels" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "positions_job_name_lower_uq" ON "positions" USING btree ("job_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));