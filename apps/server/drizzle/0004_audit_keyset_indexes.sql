ALTER TABLE "pay_history" DROP CONSTRAINT "pay_history_audit_id_audit_entries_id_fk";
--> statement-breakpoint
DROP INDEX "audit_entries_entity_idx";--> statement-breakpoint
DROP INDEX "audit_entries_actor_idx";--> statement-breakpoint
DROP INDEX "audit_entries_at_idx";--> statement-breakpoint
CREATE INDEX "audit_entries_type_idx" ON "audit_entries" USING btree ("entity_type","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_email_idx" ON "audit_entries" USING btree (lower("actor_email"),"at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity_type","entity_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
-- Append-only, enforced here: pay_history.audit_id has no foreign key (its per-row check
-- doubled the time of a rule change's history insert), so no entry may go away under its rows.
CREATE FUNCTION "audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "pay_history_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "pay_history" FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();
