-- Dated rules (docs/decisions/0026-dated-rules.md). No row is copied: a rule without versions is in force as its table row says, on every day.
CREATE TABLE "rule_versions" (
	"id" integer PRIMARY KEY DEFAULT nextval('employee_versions_id_seq') NOT NULL,
	"kind" text NOT NULL,
	"grade_id" integer,
	"level_id" integer,
	"job_id" integer,
	"position_id" integer,
	"effective_from" date NOT NULL,
	"value" jsonb,
	"applied" boolean DEFAULT true NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_versions_rule_day" UNIQUE NULLS NOT DISTINCT("kind","grade_id","level_id","job_id","position_id","effective_from"),
	CONSTRAINT "rule_versions_kind" CHECK ("rule_versions"."kind" in ('BASE_SALARY', 'ADJUSTMENT_FACTOR', 'SETTINGS')),
	CONSTRAINT "rule_versions_keys" CHECK (case "rule_versions"."kind"
        when 'BASE_SALARY' then "rule_versions"."grade_id" is not null and "rule_versions"."level_id" is not null and "rule_versions"."job_id" is null and "rule_versions"."position_id" is null
        when 'ADJUSTMENT_FACTOR' then "rule_versions"."job_id" is not null and "rule_versions"."position_id" is not null and "rule_versions"."grade_id" is null and "rule_versions"."level_id" is null
        else "rule_versions"."grade_id" is null and "rule_versions"."level_id" is null and "rule_versions"."job_id" is null and "rule_versions"."position_id" is null end)
);
--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_versions_waiting" ON "rule_versions" USING btree ("effective_from") WHERE not "rule_versions"."applied";