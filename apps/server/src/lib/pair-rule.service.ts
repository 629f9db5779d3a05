import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Actor } from '@salary/shared/common/permissions';
import type { EmployeeFilters } from '@salary/shared/employees/employee.contract';
import type { DbOrTx } from '../db/client.ts';
import { diffFields } from '../modules/audit/audit.diff.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { type AppError, badRequest, conflict, notFound } from './app-error.ts';
import { requireMoneyRulesReader, requirePermission } from './authorize.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './pg-errors.ts';
import type { RepositoryOn, UnitOfWork } from './unit-of-work.ts';
import { requireVersion } from './versions.ts';

/*
 * The rules shared by the money rules keyed on a pair of references (a base salary per
 * grade and level, a factor per job and position): their values are salary data, so only
 * money-rules readers list them and only manageSettings writes; both references must
 * exist (reported together, each on its field); a pair has one rule at most (409 naming
 * it); an unknown id is a 404. The foreign keys and unique index still decide races. Every
 * write runs in the unit of work it is given (the route's).
 */

export interface PairRuleStore<Rule, Input> {
  list(tx?: DbOrTx): Promise<Rule[]>;
  findById(id: number, tx?: DbOrTx): Promise<Rule | undefined>;
  findByPair(
    first: number,
    second: number,
    options?: { exceptId?: number },
  ): Promise<{ id: number } | undefined>;
  insert(input: Input, tx?: DbOrTx): Promise<number>;
  update(id: number, input: Input, tx?: DbOrTx): Promise<boolean>;
  delete(id: number, tx?: DbOrTx): Promise<boolean>;
  /** The rule's version, locked until the write's transaction ends. */
  lockedVersion(id: number, tx?: DbOrTx): Promise<number | undefined>;
}

/**
 * Finds a referenced row by id: the referenced domain's repository on a handle, handed in by
 * the composition root.
 */
export type RowFinder<Row> = RepositoryOn<{ findById(id: number): Promise<Row | undefined> }>;

/** One side of the pair: where its id comes from and how it is found. */
export interface PairReference<Input, Ref> {
  field: keyof Input & string;
  /** "Grade not found". */
  missing: string;
  find(id: number, handle: DbOrTx): Promise<Ref | undefined>;
}

export interface PairRuleOptions<Rule, Input, A, B> {
  /** "Base salary not found". */
  notFoundMessage: string;
  references: readonly [PairReference<Input, A>, PairReference<Input, B>];
  /** A rule of the domain's own between two references that exist (a position of its job). */
  check?(first: A, second: B): void;
  /** The 409 message for a pair that already has its rule. */
  duplicate(first: A, second: B): string;
  /** A reference deleted or moved between the checks and the write. */
  foreignKey(): AppError;
  /**
   * Records every write, with the pay history of the employees the rule prices; names who
   * changed the rule since a stale write's form read it.
   */
  audit: Pick<AuditService, 'record' | 'payBefore' | 'staleVersion'>;
  /** The audit entity type: 'baseSalary'. */
  entityType: string;
  /** "Base salary Junior / L1". */
  label(rule: Rule): string;
  /** The employees a rule prices: those of its pair. */
  priced(rule: Rule): EmployeeFilters;
  /** The rule's fields as the API names them (before/after of its change list). */
  fields: readonly (keyof Rule & string)[];
  /** The rule as the API shows it, for the audit's before/after (money as a decimal); default as is. */
  audited?(rule: Rule): object;
  /** Each field's label on the form, as a stale write's 409 names what changed. */
  labels: Record<string, string>;
  /** Dated rules: every write takes effect from the unit of work's day (modules/rule-calendar). */
  calendar?: DatedRuleWrites;
}

/** The four calls of a pair-rule list, as its routes hand them on. */
export interface PairRuleService<Rule, Input> {
  list(actor: Actor): Promise<Rule[]>;
  create(uow: UnitOfWork, actor: Actor, input: Input): Promise<Rule>;
  /** `input.version`: the version the form read; a stale one answers 409 STALE_VERSION. */
  update(uow: UnitOfWork, actor: Actor, id: number, input: Input & { version?: number }): Promise<Rule>;
  remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void>;
}

export function pairRuleService<Rule, Input, A extends { id: number }, B extends { id: number }>(
  storeOn: RepositoryOn<PairRuleStore<Rule, Input>>,
  options: PairRuleOptions<Rule, Input, A, B>,
): PairRuleService<Rule, Input> {
  const [firstRef, secondRef] = options.references;
  const missing = () => notFound(options.notFoundMessage);

  /** The rule, locked, if `version` (when sent) is still its own; else the 409 naming who changed it. */
  async function findAtVersion(uow: UnitOfWork, id: number, version: number | undefined): Promise<Rule> {
    const store = storeOn(uow.tx);
    const stored = await store.lockedVersion(id);
    const rule = stored === undefined ? undefined : await store.findById(id);
    if (stored === undefined || !rule) throw missing();
    await requireVersion(
      uow,
      options.audit,
      { entityType: options.entityType, entityId: id, label: options.label(rule), labels: options.labels },
      version,
      stored,
    );
    return rule;
  }

  /** Checks both references and the pair, runs the write, and answers the rule as listed. */
  const shown = options.audited ?? ((rule: Rule) => rule as object);
  const values = (rule: Rule | null) => {
    if (!rule) return null;
    const api = shown(rule) as Record<string, unknown>;
    return Object.fromEntries(options.fields.map((f) => [f, api[f]]));
  };
  /** Same pair before and after: only its employees; a pair moved: every employee. */
  const pricedBy = (before: Rule | null, after: Input) => {
    const next = options.priced(after as unknown as Rule);
    if (!before) return next;
    const prev = options.priced(before);
    return JSON.stringify(prev) === JSON.stringify(next) ? next : ('all' as const);
  };

  async function save(
    uow: UnitOfWork,
    input: Input,
    before: Rule | null,
    run: () => Promise<number>,
  ): Promise<Rule> {
    const store = storeOn(uow.tx);
    const exceptId = before ? (before as unknown as { id: number }).id : undefined;
    const idOf = (ref: PairReference<Input, unknown>) => input[ref.field] as number;
    const [first, second] = await Promise.all([
      firstRef.find(idOf(firstRef), uow.tx),
      secondRef.find(idOf(secondRef), uow.tx),
    ]);
    const problems: FieldProblem[] = [];
    if (!first) problems.push({ field: firstRef.field, message: firstRef.missing });
    if (!second) problems.push({ field: secondRef.field, message: secondRef.missing });
    if (!first || !second) throw badRequest(problems.map((p) => p.message).join('; '), problems);
    options.check?.(first, second);
    const duplicate = conflict(options.duplicate(first, second));
    if (await store.findByPair(first.id, second.id, { exceptId })) throw duplicate;
    const pay = await options.audit.payBefore(uow, pricedBy(before, input), { rulesOnly: true });
    let id = 0;
    let written: Rule | undefined;
    const write = async () => {
      try {
        id = await run();
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === PG_UNIQUE_VIOLATION) throw duplicate;
        if (code === PG_FOREIGN_KEY_VIOLATION) throw options.foreignKey();
        throw error;
      }
      written = await store.findById(id);
      if (!written) throw missing();
    };
    // A write from another day leaves today's rule as the calendar says (unchanged, for a day to come).
    const moves = [options.priced(input as unknown as Rule), ...(before ? [options.priced(before)] : [])];
    const dated = await runDated(options.calendar, uow, write, moves);
    const saved = written as Rule | undefined;
    if (!saved) throw missing();
    await options.audit.record(
      uow,
      {
        action: before ? 'update' : 'create',
        entityType: options.entityType,
        entityId: id,
        label: options.label(before ?? saved),
        changes: diffFields(values(before), values(saved)),
        ...datedDetails(dated),
      },
      { pay },
    );
    return dated ? ((await store.findById(id)) ?? saved) : saved;
  }

  return {
    list(actor: Actor): Promise<Rule[]> {
      requireMoneyRulesReader(actor);
      return storeOn().list();
    },

    async create(uow: UnitOfWork, actor: Actor, input: Input): Promise<Rule> {
      requirePermission(actor, 'manageSettings');
      return save(uow, input, null, () => storeOn(uow.tx).insert(input));
    },

    async update(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: Input & { version?: number },
    ): Promise<Rule> {
      requirePermission(actor, 'manageSettings');
      const before = await findAtVersion(uow, id, input.version);
      return save(uow, input, before, async () => {
        if (!(await storeOn(uow.tx).update(id, input))) throw missing();
        return id;
      });
    },

    async remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      const before = await findAtVersion(uow, id, version);
      const pay = await options.audit.payBefore(uow, options.priced(before), { rulesOnly: true });
      const remove = async () => {
        if (!(await storeOn(uow.tx).delete(id))) throw missing();
      };
      const dated = await runDated(options.calendar, uow, remove, [options.priced(before)]);
      await options.audit.record(
        uow,
        {
          action: 'delete',
          entityType: options.entityType,
          entityId: id,
          label: options.label(before),
          changes: diffFields(values(before), null),
          ...datedDetails(dated),
        },
        { pay },
      );
    },
  };
}

/** The audit entry's details of a write from another day than today: that day, and whether it waits. */
export function datedDetails(dated: { details: object } | undefined): {
  details?: Record<string, unknown>;
} {
  return dated && Object.keys(dated.details).length ? { details: { ...dated.details } } : {};
}

/**
 * What a rule write needs of the calendar of the rules (modules/rule-calendar, handed in by the
 * composition root): the write run from the unit of work's day; answers its audit details.
 */
export interface DatedRuleWrites {
  /** `moves`: the employees the write can move (a base salary's, a factor's); absent: everyone. */
  dated(
    uow: UnitOfWork,
    write: () => Promise<void>,
    moves?: readonly EmployeeFilters[],
  ): Promise<{ details: object }>;
}

/** A rule write through the calendar when there is one, else as it is. */
export async function runDated(
  calendar: DatedRuleWrites | undefined,
  uow: UnitOfWork,
  write: () => Promise<void>,
  moves?: readonly EmployeeFilters[],
): Promise<{ details: object } | undefined> {
  if (calendar) return calendar.dated(uow, write, moves);
  await write();
  return undefined;
}
