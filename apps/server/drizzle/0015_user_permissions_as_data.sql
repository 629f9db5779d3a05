-- A user's permissions are data: the keys granted, in one text[] column, named by the one list
-- in @salary/shared (common/permissions.ts, PERMISSIONS), so a new permission needs no
-- migration. Each user keeps exactly what the six boolean columns granted, in the list's order.
ALTER TABLE "users" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" SET "permissions" = array_remove(ARRAY[
  CASE WHEN "show_settings" THEN 'showSettings' END,
  CASE WHEN "manage_settings" THEN 'manageSettings' END,
  CASE WHEN "show_salary" THEN 'showSalary' END,
  CASE WHEN "show_cost" THEN 'showCost' END,
  CASE WHEN "manage_employee" THEN 'manageEmployee' END,
  CASE WHEN "delete_employee" THEN 'deleteEmployee' END
]::text[], NULL);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "show_settings";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "manage_settings";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "show_salary";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "show_cost";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "manage_employee";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "delete_employee";
