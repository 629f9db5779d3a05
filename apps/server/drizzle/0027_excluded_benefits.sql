ALTER TABLE "employee_versions" ADD COLUMN "excluded_benefits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "excluded_benefits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_versions" ADD CONSTRAINT "employee_versions_excluded_benefits_array" CHECK (jsonb_typeof("employee_versions"."excluded_benefits") = 'array');--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_excluded_benefits_array" CHECK (jsonb_typeof("employees"."excluded_benefits") = 'array');