CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "pay_gap_justifications" (
	"category_kind" text NOT NULL,
	"category_key" text NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"author_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_gap_justifications_category_kind_category_key_pk" PRIMARY KEY("category_kind","category_key")
);
--> statement-breakpoint
CREATE TABLE "pay_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"gross_before" numeric(14, 2),
	"gross_after" numeric(14, 2),
	"cost_before" numeric(14, 2),
	"cost_after" numeric(14, 2),
	"audit_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "gender" text DEFAULT 'UNDISCLOSED' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "pay_history" ADD CONSTRAINT "pay_history_audit_id_audit_entries_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "pay_history_employee_idx" ON "pay_history" USING btree ("employee_id","id");--> statement-breakpoint
CREATE INDEX "pay_history_audit_idx" ON "pay_history" USING btree ("audit_id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_gender" CHECK ("employees"."gender" in ('FEMALE', 'MALE', 'OTHER', 'UNDISCLOSED'));