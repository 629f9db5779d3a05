CREATE TABLE "job_evaluation_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"position_id" integer,
	"skills" integer NOT NULL,
	"effort" integer NOT NULL,
	"responsibility" integer NOT NULL,
	"working_conditions" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_evaluation_scores_one_subject" CHECK (("job_evaluation_scores"."job_id" is null) <> ("job_evaluation_scores"."position_id" is null)),
	CONSTRAINT "job_evaluation_scores_range" CHECK ("job_evaluation_scores"."skills" between 1 and 5 and "job_evaluation_scores"."effort" between 1 and 5 and "job_evaluation_scores"."responsibility" between 1 and 5 and "job_evaluation_scores"."working_conditions" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "job_evaluation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"skills_weight" integer DEFAULT 100 NOT NULL,
	"effort_weight" integer DEFAULT 100 NOT NULL,
	"responsibility_weight" integer DEFAULT 100 NOT NULL,
	"working_conditions_weight" integer DEFAULT 100 NOT NULL,
	"band_width_tenths" integer DEFAULT 10 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_evaluation_settings_single_row" CHECK ("job_evaluation_settings"."id" = 1),
	CONSTRAINT "job_evaluation_settings_weights" CHECK (least("job_evaluation_settings"."skills_weight", "job_evaluation_settings"."effort_weight", "job_evaluation_settings"."responsibility_weight", "job_evaluation_settings"."working_conditions_weight") >= 0 and "job_evaluation_settings"."skills_weight" + "job_evaluation_settings"."effort_weight" + "job_evaluation_settings"."responsibility_weight" + "job_evaluation_settings"."working_conditions_weight" > 0),
	CONSTRAINT "job_evaluation_settings_band_width" CHECK ("job_evaluation_settings"."band_width_tenths" between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "job_evaluation_scores" ADD CONSTRAINT "job_evaluation_scores_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_evaluation_scores" ADD CONSTRAINT "job_evaluation_scores_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_evaluation_scores_job_uq" ON "job_evaluation_scores" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_evaluation_scores_position_uq" ON "job_evaluation_scores" USING btree ("position_id");