ALTER TABLE "employees" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "career_start_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "leave_date" date;