-- Dated employee versions (docs/decisions/0025-dated-employee-versions.md).
CREATE TABLE "employee_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"job_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"years_experience" numeric(5, 2) NOT NULL,
	"years_with_company" numeric(5, 2) NOT NULL,
	"offshore_project" boolean NOT NULL,
	"acting_as_different_grade" boolean NOT NULL,
	"pillar" boolean NOT NULL,
	"remote" boolean NOT NULL,
	"custom_multipliers" jsonb NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_versions_years_nonneg" CHECK ("employee_versions"."years_experience" >= 0 and "employee_versions"."years_with_company" >= 0)
);
--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_position_of_job_fk" FOREIGN KEY ("job_id","position_id") REFERENCES "public"."positions"("job_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_versions_employee_day" ON "employee_versions" USING btree ("employee_id","effective_from");--> statement-breakpoint
CREATE INDEX "employee_versions_waiting" ON "employee_versions" USING btree ("effective_from") WHERE not "employee_versions"."applied";--> statement-breakpoint
CREATE INDEX "employee_versions_job_idx" ON "employee_versions" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "employee_versions_grade_level_idx" ON "employee_versions" USING btree ("grade_id","level_id");--> statement-breakpoint
-- Every employee's row becomes its first version, in force with no start date, so every answer stays as it was.
INSERT INTO "employee_versions" ("employee_id", "effective_from", "job_id", "position_id", "grade_id", "level_id", "years_experience", "years_with_company", "offshore_project", "acting_as_different_grade", "pillar", "remote", "custom_multipliers", "recorded_by")
SELECT "id", '-infinity'::date, "job_id", "position_id", "grade_id", "level_id", "years_experience", "years_with_company", "offshore_project", "acting_as_different_grade", "pillar", "remote", "custom_multipliers", NULL
FROM "employees";
