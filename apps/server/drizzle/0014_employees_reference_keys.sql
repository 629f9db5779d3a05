-- An employee's job, position (of that job), grade and level are foreign keys again, checked on
-- every write, the import's too: the triggers of migration 0008 go, and the foreign keys they
-- stood in for come back with the same names. NO ACTION rather than RESTRICT (here and for a
-- base salary's grade and level): the same refusal, checked at the end of the statement, and
-- answered with 23503 (foreign_key_violation) on every version, where PGlite (PostgreSQL 17)
-- answers RESTRICT with 23001 (restrict_violation).
DROP TRIGGER "employees_references_insert" ON "employees";--> statement-breakpoint
DROP TRIGGER "employees_references_update" ON "employees";--> statement-breakpoint
DROP TRIGGER "jobs_employees_delete" ON "jobs";--> statement-breakpoint
DROP TRIGGER "jobs_employees_update" ON "jobs";--> statement-breakpoint
DROP TRIGGER "positions_employees_delete" ON "positions";--> statement-breakpoint
DROP TRIGGER "positions_employees_update" ON "positions";--> statement-breakpoint
DROP TRIGGER "grades_employees_delete" ON "grades";--> statement-breakpoint
DROP TRIGGER "grades_employees_update" ON "grades";--> statement-breakpoint
DROP TRIGGER "levels_employees_delete" ON "levels";--> statement-breakpoint
DROP TRIGGER "levels_employees_update" ON "levels";--> statement-breakpoint
DROP FUNCTION "employees_references_exist"();--> statement-breakpoint
DROP FUNCTION "employee_references_exist"();--> statement-breakpoint
DROP FUNCTION "employees_still_refer"();--> statement-breakpoint
ALTER TABLE "base_salaries" DROP CONSTRAINT "base_salaries_grade_id_grades_id_fk";
--> statement-breakpoint
ALTER TABLE "base_salaries" DROP CONSTRAINT "base_salaries_level_id_levels_id_fk";
--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_salaries" ADD CONSTRAINT "base_salaries_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_of_job_fk" FOREIGN KEY ("job_id","position_id") REFERENCES "public"."positions"("job_id","id") ON DELETE no action ON UPDATE no action;