ALTER TABLE "company" ADD COLUMN "standard_weekly_hours" numeric(5, 2) DEFAULT '40' NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD COLUMN "weekly_hours" numeric(5, 2) DEFAULT '40' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "weekly_hours" numeric(5, 2) DEFAULT '40' NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_standard_weekly_hours" CHECK ("company"."standard_weekly_hours" > 0 and "company"."standard_weekly_hours" <= 168);--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_weekly_hours" CHECK ("employee_versions"."weekly_hours" > 0 and "employee_versions"."weekly_hours" <= 168);--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_weekly_hours" CHECK ("employees"."weekly_hours" > 0 and "employees"."weekly_hours" <= 168);