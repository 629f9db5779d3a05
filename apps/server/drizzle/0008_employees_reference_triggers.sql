ALTER TABLE "employees" DROP CONSTRAINT "employees_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_grade_id_grades_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_level_id_levels_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_position_of_job_fk";
--> statement-breakpoint
-- An employee's job, position (of that job), grade and level, checked per statement instead of
-- per row on insert, and on update only where a reference changes (schema.ts, employees): the
-- same guarantees and errors as the foreign keys above.
-- Each check first locks what the statement's rows refer to (FOR KEY SHARE, as a foreign key
-- does), so a concurrent delete of it waits for this transaction, then looks for a row whose
-- reference is missing; in READ COMMITTED each statement here sees what committed before it.
CREATE FUNCTION "employees_references_exist"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM jobs WHERE id IN (SELECT job_id FROM written) FOR KEY SHARE;
  PERFORM 1 FROM positions WHERE (job_id, id) IN (SELECT job_id, position_id FROM written) FOR KEY SHARE;
  PERFORM 1 FROM grades WHERE id IN (SELECT grade_id FROM written) FOR KEY SHARE;
  PERFORM 1 FROM levels WHERE id IN (SELECT level_id FROM written) FOR KEY SHARE;
  SELECT format('(job_id)=(%s)', w.job_id) INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = w.job_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_job_id_jobs_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_job_id_jobs_id_fk', TABLE = 'employees',
        DETAIL = format('Key %s is not present in table "jobs".', missing);
  END IF;
  SELECT format('(job_id, position_id)=(%s, %s)', w.job_id, w.position_id) INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.job_id = w.job_id AND p.id = w.position_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_position_of_job_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_position_of_job_fk', TABLE = 'employees',
        DETAIL = format('Key %s is not present in table "positions".', missing);
  END IF;
  SELECT format('(grade_id)=(%s)', w.grade_id) INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM grades g WHERE g.id = w.grade_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_grade_id_grades_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_grade_id_grades_id_fk', TABLE = 'employees',
        DETAIL = format('Key %s is not present in table "grades".', missing);
  END IF;
  SELECT format('(level_id)=(%s)', w.level_id) INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM levels l WHERE l.id = w.level_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_level_id_levels_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_level_id_levels_id_fk', TABLE = 'employees',
        DETAIL = format('Key %s is not present in table "levels".', missing);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employees_references_insert" AFTER INSERT ON "employees"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "employees_references_exist"();
--> statement-breakpoint
-- An update is checked only where it changes a reference, row by row as a foreign key does: an
-- update that keeps them (the import's, most form saves) costs nothing here.
CREATE FUNCTION "employee_references_exist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM jobs WHERE id = NEW.job_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_job_id_jobs_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_job_id_jobs_id_fk', TABLE = 'employees',
        DETAIL = format('Key (job_id)=(%s) is not present in table "jobs".', NEW.job_id);
  END IF;
  PERFORM 1 FROM positions WHERE job_id = NEW.job_id AND id = NEW.position_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_position_of_job_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_position_of_job_fk', TABLE = 'employees',
        DETAIL = format('Key (job_id, position_id)=(%s, %s) is not present in table "positions".', NEW.job_id, NEW.position_id);
  END IF;
  PERFORM 1 FROM grades WHERE id = NEW.grade_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_grade_id_grades_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_grade_id_grades_id_fk', TABLE = 'employees',
        DETAIL = format('Key (grade_id)=(%s) is not present in table "grades".', NEW.grade_id);
  END IF;
  PERFORM 1 FROM levels WHERE id = NEW.level_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "employees" violates foreign key constraint "employees_level_id_levels_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'employees_level_id_levels_id_fk', TABLE = 'employees',
        DETAIL = format('Key (level_id)=(%s) is not present in table "levels".', NEW.level_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employees_references_update" AFTER UPDATE ON "employees" FOR EACH ROW
  WHEN (OLD.job_id IS DISTINCT FROM NEW.job_id OR OLD.position_id IS DISTINCT FROM NEW.position_id
    OR OLD.grade_id IS DISTINCT FROM NEW.grade_id OR OLD.level_id IS DISTINCT FROM NEW.level_id)
  EXECUTE FUNCTION "employee_references_exist"();
--> statement-breakpoint
-- The other side: a job, position, grade or level employees refer to is not deleted, and its
-- key does not change (RESTRICT, as the foreign keys had it). `gone`: the keys a statement
-- removed (deleted, or updated to another key).
CREATE FUNCTION "employees_still_refer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  of_positions boolean := TG_TABLE_NAME = 'positions';
  fk text := CASE TG_TABLE_NAME WHEN 'jobs' THEN 'employees_job_id_jobs_id_fk'
    WHEN 'grades' THEN 'employees_grade_id_grades_id_fk' WHEN 'levels' THEN 'employees_level_id_levels_id_fk'
    ELSE 'employees_position_of_job_fk' END;
  key text := CASE WHEN of_positions THEN 'format(''(job_id, id)=(%s, %s)'', g.job_id, g.id)'
    ELSE 'format(''(id)=(%s)'', g.id)' END;
  removed text := CASE WHEN TG_OP = 'DELETE' THEN 'true'
    WHEN of_positions THEN 'NOT EXISTS (SELECT 1 FROM kept k WHERE k.job_id = g.job_id AND k.id = g.id)'
    ELSE 'NOT EXISTS (SELECT 1 FROM kept k WHERE k.id = g.id)' END;
  referred text := CASE WHEN of_positions THEN 'e.job_id = g.job_id AND e.position_id = g.id'
    WHEN TG_TABLE_NAME = 'jobs' THEN 'e.job_id = g.id'
    WHEN TG_TABLE_NAME = 'grades' THEN 'e.grade_id = g.id' ELSE 'e.level_id = g.id' END;
  held text;
BEGIN
  EXECUTE format('SELECT %s FROM gone g WHERE %s AND EXISTS (SELECT 1 FROM employees e WHERE %s) LIMIT 1',
    key, removed, referred) INTO held;
  IF held IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "employees"', TG_TABLE_NAME, fk
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = fk, TABLE = TG_TABLE_NAME,
        DETAIL = format('Key %s is still referenced from table "employees".', held);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_employees_delete" AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "jobs_employees_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "positions_employees_delete" AFTER DELETE ON "positions"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "positions_employees_update" AFTER UPDATE ON "positions"
  REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "grades_employees_delete" AFTER DELETE ON "grades"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "grades_employees_update" AFTER UPDATE ON "grades"
  REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "levels_employees_delete" AFTER DELETE ON "levels"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
--> statement-breakpoint
CREATE TRIGGER "levels_employees_update" AFTER UPDATE ON "levels"
  REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION "employees_still_refer"();
