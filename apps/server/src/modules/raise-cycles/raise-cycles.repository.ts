import type { RuleUnits } from '@salary/shared/common/money';
import type {
  BudgetKind,
  ProposalKind,
  RaiseCycleStatus,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { raiseCycles, raiseProposals } from '../../db/schema.ts';

/** A guideline row as stored: compa-ratios in hundredths (null: open end), raises in basis points. */
export interface StoredGuidelineRow {
  compaFrom: number | null;
  compaTo: number | null;
  rating: number | null;
  minBp: number;
  maxBp: number;
}

/** A cycle as stored: budget in basis points (PERCENT) or cents (AMOUNT). */
export interface CycleRow {
  id: number;
  name: string;
  effectiveDate: string;
  hiredBefore: string | null;
  jobIds: number[];
  gradeIds: number[];
  budgetKind: BudgetKind;
  budgetValue: RuleUnits;
  guideline: StoredGuidelineRow[];
  status: RaiseCycleStatus;
  submittedById: number | null;
  submittedBy: string | null;
  sentBackComment: string | null;
  appliedEntryId: number | null;
}

export type CycleValues = Pick<
  CycleRow,
  | 'name'
  | 'effectiveDate'
  | 'hiredBefore'
  | 'jobIds'
  | 'gradeIds'
  | 'budgetKind'
  | 'budgetValue'
  | 'guideline'
>;

/** A proposal as stored: value in basis points (PERCENT) or cents (AMOUNT). */
export interface ProposalRow {
  employeeId: number;
  rating: number | null;
  kind: ProposalKind;
  value: RuleUnits | null;
  gradeId: number | null;
  levelId: number | null;
  reason: string | null;
}

const CYCLE_COLUMNS = {
  id: raiseCycles.id,
  name: raiseCycles.name,
  effectiveDate: raiseCycles.effectiveDate,
  hiredBefore: raiseCycles.hiredBefore,
  jobIds: raiseCycles.jobIds,
  gradeIds: raiseCycles.gradeIds,
  budgetKind: raiseCycles.budgetKind,
  budgetValue: raiseCycles.budgetValue,
  guideline: raiseCycles.guideline,
  status: raiseCycles.status,
  submittedById: raiseCycles.submittedById,
  submittedBy: raiseCycles.submittedBy,
  sentBackComment: raiseCycles.sentBackComment,
  appliedEntryId: raiseCycles.appliedEntryId,
};

/** Rows per insert of proposals (each row 7 parameters, under PostgreSQL's 65,535). */
const PROPOSAL_CHUNK = 20_000;

export function createRaiseCyclesRepository(db: DbOrTx) {
  const select = () => db.select(CYCLE_COLUMNS).from(raiseCycles);
  return {
    async list(): Promise<CycleRow[]> {
      return (await select().orderBy(asc(raiseCycles.effectiveDate), asc(raiseCycles.id))) as CycleRow[];
    },

    async find(id: number): Promise<CycleRow | undefined> {
      const [row] = await select().where(eq(raiseCycles.id, id));
      return row as CycleRow | undefined;
    },

    /** The cycle, its row locked until the write's transaction ends. */
    async lock(id: number): Promise<CycleRow | undefined> {
      const [row] = await select().where(eq(raiseCycles.id, id)).for('update');
      return row as CycleRow | undefined;
    },

    async insert(values: CycleValues): Promise<number> {
      const [row] = await db.insert(raiseCycles).values(values).returning({ id: raiseCycles.id });
      return row!.id;
    },

    async update(
      id: number,
      values: Partial<CycleValues> &
        Partial<
          Pick<CycleRow, 'status' | 'submittedById' | 'submittedBy' | 'sentBackComment' | 'appliedEntryId'>
        >,
    ): Promise<void> {
      await db
        .update(raiseCycles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(raiseCycles.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(raiseCycles).where(eq(raiseCycles.id, id));
    },

    async proposals(cycleId: number): Promise<ProposalRow[]> {
      // One JSON value, not a row each: a cycle of 100,000 proposals reads in one parse.
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(
            ${raiseProposals.employeeId}, ${raiseProposals.rating}, ${raiseProposals.kind}, ${raiseProposals.value},
            ${raiseProposals.gradeId}, ${raiseProposals.levelId}, ${raiseProposals.reason})
          order by ${raiseProposals.employeeId}), '[]')::text as rows
        from ${raiseProposals} where ${raiseProposals.cycleId} = ${cycleId}`);
      const [row] = (result as unknown as { rows: Array<{ rows: string }> }).rows;
      const tuples = JSON.parse(row?.rows ?? '[]') as Array<
        [number, number | null, ProposalKind, number | null, number | null, number | null, string | null]
      >;
      return tuples.map(([employeeId, rating, kind, value, gradeId, levelId, reason]) => ({
        employeeId,
        rating,
        kind,
        value: value as RuleUnits | null,
        gradeId,
        levelId,
        reason,
      }));
    },

    /**
     * Replaces the proposals of these employees (a row with neither rating nor raise is removed):
     * each slice one statement with one JSON parameter (bound row by row, 100,000 proposals took
     * seconds of parameters).
     */
    async saveProposals(cycleId: number, employeeIds: readonly number[], rows: readonly ProposalRow[]) {
      for (let i = 0; i < employeeIds.length; i += PROPOSAL_CHUNK)
        await db.execute(sql`
          delete from ${raiseProposals}
          where ${raiseProposals.cycleId} = ${cycleId} and ${raiseProposals.employeeId} in (
            select value::int from json_array_elements_text(${JSON.stringify(employeeIds.slice(i, i + PROPOSAL_CHUNK))}::json))`);
      for (let i = 0; i < rows.length; i += PROPOSAL_CHUNK)
        await db.execute(sql`
          insert into ${raiseProposals} (cycle_id, employee_id, rating, kind, value, grade_id, level_id, reason)
          select ${cycleId}, x.employee_id, x.rating, x.kind, x.value, x.grade_id, x.level_id, x.reason
          from json_to_recordset(${JSON.stringify(
            rows.slice(i, i + PROPOSAL_CHUNK).map((r) => ({
              employee_id: r.employeeId,
              rating: r.rating,
              kind: r.kind,
              value: r.value,
              grade_id: r.gradeId,
              level_id: r.levelId,
              reason: r.reason,
            })),
          )}::json) as x(employee_id int, rating int, kind text, value bigint, grade_id int, level_id int, reason text)`);
    },

    /** Whether a name is taken by another cycle (case-insensitive). */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: raiseCycles.id })
        .from(raiseCycles)
        .where(
          exceptId === undefined
            ? sql`lower(${raiseCycles.name}) = lower(${name})`
            : sql`lower(${raiseCycles.name}) = lower(${name}) and ${raiseCycles.id} <> ${exceptId}`,
        );
      return rows.length > 0;
    },
  };
}

export type RaiseCyclesRepository = ReturnType<typeof createRaiseCyclesRepository>;
