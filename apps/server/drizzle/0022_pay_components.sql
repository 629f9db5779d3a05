ALTER TABLE "employee_versions" ADD COLUMN "pay_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pay_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_pay_components_array" CHECK (jsonb_typeof("employees"."pay_components") = 'array');