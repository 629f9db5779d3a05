CREATE TABLE "raise_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"effective_date" date NOT NULL,
	"hired_before" date,
	"job_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_kind" text NOT NULL,
	"budget_value" bigint NOT NULL,
	"guideline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"submitted_by_id" integer,
	"submitted_by" text,
	"sent_back_comment" text,
	"applied_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raise_cycles_budget_kind" CHECK ("raise_cycles"."budget_kind" in ('PERCENT', 'AMOUNT')),
	CONSTRAINT "raise_cycles_budget_value" CHECK ("raise_cycles"."budget_value" >= 0),
	CONSTRAINT "raise_cycles_status" CHECK ("raise_cycles"."status" in ('DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED'))
);
--> statement-breakpoint
CREATE TABLE "raise_proposals" (
	"cycle_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"rating" integer,
	"kind" text NOT NULL,
	"value" bigint,
	"grade_id" integer,
	"level_id" integer,
	"reason" text,
	CONSTRAINT "raise_proposals_cycle_id_employee_id_pk" PRIMARY KEY("cycle_id","employee_id"),
	CONSTRAINT "raise_proposals_kind" CHECK ("raise_proposals"."kind" in ('PERCENT', 'AMOUNT', 'MOVE', 'NONE')),
	CONSTRAINT "raise_proposals_rating" CHECK ("raise_proposals"."rating" between 1 and 5),
	CONSTRAINT "raise_proposals_move" CHECK (("raise_proposals"."kind" = 'MOVE') = ("raise_proposals"."grade_id" is not null and "raise_proposals"."level_id" is not null)),
	CONSTRAINT "raise_proposals_value" CHECK (("raise_proposals"."kind" in ('PERCENT', 'AMOUNT')) = ("raise_proposals"."value" is not null))
);
--> statement-breakpoint
ALTER TABLE "raise_proposals" ADD CONSTRAINT "raise_proposals_cycle_id_raise_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."raise_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raise_proposals" ADD CONSTRAINT "raise_proposals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raise_proposals" ADD CONSTRAINT "raise_proposals_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raise_proposals" ADD CONSTRAINT "raise_proposals_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raise_cycles_name_unique" ON "raise_cycles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "raise_proposals_employee_idx" ON "raise_proposals" USING btree ("employee_id");