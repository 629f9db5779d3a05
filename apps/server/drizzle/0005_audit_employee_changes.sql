CREATE TABLE "audit_employee_changes" (
	"audit_id" bigint NOT NULL,
	"employee_id" integer NOT NULL,
	"name" text NOT NULL,
	"changes" json NOT NULL,
	CONSTRAINT "audit_employee_changes_audit_id_employee_id_pk" PRIMARY KEY("audit_id","employee_id")
);
--> statement-breakpoint
-- Append-only like the entries they belong to (0004's function).
CREATE TRIGGER "audit_employee_changes_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_employee_changes" FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();
