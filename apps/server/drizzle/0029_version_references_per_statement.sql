-- An employee version's (job, position), grade and level are checked once per statement over the
-- rows it writes, not row by row: a raise cycle or an import writes 100,000 versions at once, and
-- the three foreign keys' row-by-row checks cost about 1 s of that on PostgreSQL
-- (docs/decisions/0031). Same names and code (23503) as the foreign keys they replace, never
-- switched off; the version's employee keeps its foreign key (cascade on delete), and the
-- employees' own references stay foreign keys, so no TRUNCATE of a rule table can pass by.
--
-- Written rows: what they name is locked as a foreign key's check locks it (FOR KEY SHARE: a
-- delete racing the write waits for it, then finds the version), then anything missing refuses
-- the statement.
CREATE FUNCTION "employee_versions_check_references"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer[];
BEGIN
  PERFORM 1 FROM grades g WHERE g.id IN (SELECT DISTINCT w.grade_id FROM written w) FOR KEY SHARE OF g;
  SELECT ARRAY[w.grade_id] INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM grades g WHERE g.id = w.grade_id) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "employee_versions" violates foreign key constraint "employee_versions_grade_id_grades_id_fk"',
      DETAIL = format('Key (grade_id)=(%s) is not present in table "grades".', missing[1]),
      CONSTRAINT = 'employee_versions_grade_id_grades_id_fk', TABLE = 'employee_versions';
  END IF;
  PERFORM 1 FROM levels l WHERE l.id IN (SELECT DISTINCT w.level_id FROM written w) FOR KEY SHARE OF l;
  SELECT ARRAY[w.level_id] INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM levels l WHERE l.id = w.level_id) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "employee_versions" violates foreign key constraint "employee_versions_level_id_levels_id_fk"',
      DETAIL = format('Key (level_id)=(%s) is not present in table "levels".', missing[1]),
      CONSTRAINT = 'employee_versions_level_id_levels_id_fk', TABLE = 'employee_versions';
  END IF;
  PERFORM 1 FROM positions p
    WHERE (p.job_id, p.id) IN (SELECT DISTINCT w.job_id, w.position_id FROM written w) FOR KEY SHARE OF p;
  SELECT ARRAY[w.job_id, w.position_id] INTO missing FROM written w
    WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.job_id = w.job_id AND p.id = w.position_id) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = 'insert or update on table "employee_versions" violates foreign key constraint "employee_versions_position_of_job_fk"',
      DETAIL = format('Key (job_id, position_id)=(%s, %s) is not present in table "positions".', missing[1], missing[2]),
      CONSTRAINT = 'employee_versions_position_of_job_fk', TABLE = 'employee_versions';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employee_versions_references_inserted" AFTER INSERT ON "employee_versions"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "employee_versions_check_references"();
--> statement-breakpoint
CREATE TRIGGER "employee_versions_references_updated" AFTER UPDATE ON "employee_versions"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "employee_versions_check_references"();
--> statement-breakpoint
-- A grade, level or position a version names: refused deletion or re-keying at the end of the
-- statement (as NO ACTION is), a job's delete included (it deletes its positions).
CREATE FUNCTION "employee_versions_keep_referenced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  used boolean;
  name text;
  key text;
BEGIN
  IF TG_TABLE_NAME = 'positions' THEN
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.job_id = OLD.job_id THEN RETURN NULL; END IF;
    used := EXISTS (SELECT 1 FROM employee_versions v WHERE v.job_id = OLD.job_id AND v.position_id = OLD.id);
    name := 'employee_versions_position_of_job_fk';
    key := format('(job_id, id)=(%s, %s)', OLD.job_id, OLD.id);
  ELSE
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN RETURN NULL; END IF;
    IF TG_TABLE_NAME = 'grades' THEN
      used := EXISTS (SELECT 1 FROM employee_versions v WHERE v.grade_id = OLD.id);
      name := 'employee_versions_grade_id_grades_id_fk';
    ELSE
      used := EXISTS (SELECT 1 FROM employee_versions v WHERE v.level_id = OLD.id);
      name := 'employee_versions_level_id_levels_id_fk';
    END IF;
    key := format('(id)=(%s)', OLD.id);
  END IF;
  IF used THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('update or delete on table "%s" violates foreign key constraint "%s" on table "employee_versions"', TG_TABLE_NAME, name),
      DETAIL = format('Key %s is still referenced from table "employee_versions".', key),
      CONSTRAINT = name, TABLE = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employee_versions_keep_grade" AFTER DELETE OR UPDATE OF "id" ON "grades"
  FOR EACH ROW EXECUTE FUNCTION "employee_versions_keep_referenced"();
--> statement-breakpoint
CREATE TRIGGER "employee_versions_keep_level" AFTER DELETE OR UPDATE OF "id" ON "levels"
  FOR EACH ROW EXECUTE FUNCTION "employee_versions_keep_referenced"();
--> statement-breakpoint
CREATE TRIGGER "employee_versions_keep_position" AFTER DELETE OR UPDATE OF "id", "job_id" ON "positions"
  FOR EACH ROW EXECUTE FUNCTION "employee_versions_keep_referenced"();
--> statement-breakpoint
ALTER TABLE "employee_versions" DROP CONSTRAINT "employee_versions_grade_id_grades_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_versions" DROP CONSTRAINT "employee_versions_level_id_levels_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_versions" DROP CONSTRAINT "employee_versions_position_of_job_fk";
