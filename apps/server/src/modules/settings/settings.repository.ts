import type { SalaryRules } from '@salary/salary-engine/salary-types';
import {
  asBasisPoints,
  basisPointsToPercent,
  fromRuleUnits,
  percentToBasisPoints,
  type RuleUnits,
  toRuleUnits,
} from '@salary/shared/common/money';
import {
  BENEFIT_TYPES,
  MULTIPLIER_TYPES,
  type MultiplierType,
  type Settings,
} from '@salary/shared/settings/settings.contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export type SettingsRow = typeof settings.$inferSelect;

/** What a save writes: the whole record, validated, every custom multiplier with a stable id. */
export type SettingsValues = Omit<Settings, 'version' | 'updatedAt'>;

/** The record is a single row; migration 0001 creates it and check constraints keep it alone. */
const SETTINGS_ID = 1;

/**
 * The settings' rules as the salary engine takes them: every value an integer in the unit its
 * type names (basis points for PERCENTAGE, cents for FIXED / FIXED_AMOUNT), as stored.
 */
export interface RuleSettings {
  multipliers: SalaryRules['multipliers'];
  /** Every custom multiplier, by the id employees refer to it with. */
  customMultipliers: Array<{ id: string; title: string; type: MultiplierType; value: RuleUnits }>;
  /** Every benefit. */
  benefits: SalaryRules['benefits'];
  socialInsurance: SalaryRules['socialInsurance'];
}

const units = z
  .number()
  .int()
  .transform((n) => n as RuleUnits);
/**
 * The jsonb lists as stored (migration 0016): each value under `units`, an integer in the unit
 * its type names. Only `update` below writes them, from validated input; a row that does not
 * parse is corrupt and fails loudly rather than calculating with a guess.
 */
const storedLists = z.object({
  customMultipliers: z.array(
    z.object({ id: z.string(), title: z.string(), type: z.enum(MULTIPLIER_TYPES), units }),
  ),
  benefits: z.array(z.object({ name: z.string(), type: z.enum(BENEFIT_TYPES), units })),
});

const listsOf = (row: SettingsRow) =>
  storedLists.parse({ customMultipliers: row.customMultipliers, benefits: row.benefits });

/** Row → the engine's integers (what pricing reads). */
export function toRuleSettings(row: SettingsRow): RuleSettings {
  const lists = listsOf(row);
  return {
    multipliers: {
      experience: { value: row.experienceMultiplier, type: row.experienceMultiplierType },
      loyalty: { value: row.loyaltyMultiplier, type: row.loyaltyMultiplierType },
      offshore: { value: row.offshoreMultiplier, type: row.offshoreMultiplierType },
      actingAs: { value: row.actingAsMultiplier, type: row.actingAsMultiplierType },
      pillar: { value: row.pillarMultiplier, type: row.pillarMultiplierType },
      remote: { value: row.remoteMultiplier, type: row.remoteMultiplierType },
    },
    customMultipliers: lists.customMultipliers.map((m) => ({
      id: m.id,
      title: m.title,
      type: m.type,
      value: m.units,
    })),
    benefits: lists.benefits.map((b) => ({ name: b.name, type: b.type, amount: b.units })),
    socialInsurance: {
      enabled: row.socialInsuranceEnabled,
      type: row.socialInsuranceType,
      companyPercentage: asBasisPoints(row.companyInsurancePercentage),
      totalPercentage: asBasisPoints(row.totalInsurancePercentage),
    },
  };
}

/** Row → the API's read shape: percents and amounts as decimals, through the money module. */
/** The row's property for each column name (`experience_multiplier` → `experienceMultiplier`). */
const PROPERTY_OF = new Map(
  Object.entries(getTableColumns(settings)).map(([key, column]) => [column.name, key]),
);

/**
 * A settings row from its columns as JSON (a dated version's value, keyed by column names):
 * bigints arrive as numbers, the lists as JSON. Columns it lacks keep `base`'s.
 */
export function settingsRowOf(columns: Record<string, unknown>, base: SettingsRow): SettingsRow {
  const row: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(columns)) {
    const key = PROPERTY_OF.get(name);
    if (key) row[key] = value;
  }
  return row as SettingsRow;
}

export function toSettings(row: SettingsRow): Settings {
  const lists = listsOf(row);
  return {
    experienceMultiplier: fromRuleUnits(row.experienceMultiplier, row.experienceMultiplierType),
    experienceMultiplierType: row.experienceMultiplierType,
    loyaltyMultiplier: fromRuleUnits(row.loyaltyMultiplier, row.loyaltyMultiplierType),
    loyaltyMultiplierType: row.loyaltyMultiplierType,
    offshoreMultiplier: fromRuleUnits(row.offshoreMultiplier, row.offshoreMultiplierType),
    offshoreMultiplierType: row.offshoreMultiplierType,
    actingAsMultiplier: fromRuleUnits(row.actingAsMultiplier, row.actingAsMultiplierType),
    actingAsMultiplierType: row.actingAsMultiplierType,
    pillarMultiplier: fromRuleUnits(row.pillarMultiplier, row.pillarMultiplierType),
    pillarMultiplierType: row.pillarMultiplierType,
    remoteMultiplier: fromRuleUnits(row.remoteMultiplier, row.remoteMultiplierType),
    remoteMultiplierType: row.remoteMultiplierType,
    customMultipliers: lists.customMultipliers.map((m) => ({
      id: m.id,
      title: m.title,
      multiplier: fromRuleUnits(m.units, m.type),
      type: m.type,
    })),
    benefits: lists.benefits.map((b) => ({
      name: b.name,
      amount: fromRuleUnits(b.units, b.type),
      type: b.type,
    })),
    socialInsuranceEnabled: row.socialInsuranceEnabled,
    socialInsuranceType: row.socialInsuranceType,
    companyInsurancePercentage: basisPointsToPercent(row.companyInsurancePercentage),
    totalInsurancePercentage: basisPointsToPercent(row.totalInsurancePercentage),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Values are validated to at most two decimals, so each converts exactly. */
function toColumns(v: SettingsValues) {
  return {
    experienceMultiplier: toRuleUnits(v.experienceMultiplier, v.experienceMultiplierType),
    experienceMultiplierType: v.experienceMultiplierType,
    loyaltyMultiplier: toRuleUnits(v.loyaltyMultiplier, v.loyaltyMultiplierType),
    loyaltyMultiplierType: v.loyaltyMultiplierType,
    offshoreMultiplier: toRuleUnits(v.offshoreMultiplier, v.offshoreMultiplierType),
    offshoreMultiplierType: v.offshoreMultiplierType,
    actingAsMultiplier: toRuleUnits(v.actingAsMultiplier, v.actingAsMultiplierType),
    actingAsMultiplierType: v.actingAsMultiplierType,
    pillarMultiplier: toRuleUnits(v.pillarMultiplier, v.pillarMultiplierType),
    pillarMultiplierType: v.pillarMultiplierType,
    remoteMultiplier: toRuleUnits(v.remoteMultiplier, v.remoteMultiplierType),
    remoteMultiplierType: v.remoteMultiplierType,
    // Rebuilt item by item so nothing but the stored keys reaches the jsonb column.
    customMultipliers: v.customMultipliers.map(({ id, title, multiplier, type }) => ({
      id,
      title,
      type,
      units: toRuleUnits(multiplier, type),
    })),
    benefits: v.benefits.map(({ name, amount, type }) => ({ name, type, units: toRuleUnits(amount, type) })),
    socialInsuranceEnabled: v.socialInsuranceEnabled,
    socialInsuranceType: v.socialInsuranceType,
    companyInsurancePercentage: percentToBasisPoints(v.companyInsurancePercentage),
    totalInsurancePercentage: percentToBasisPoints(v.totalInsurancePercentage),
  };
}

/**
 * The settings record: `get()` in the API's decimals (the settings screen, the employees'
 * custom multiplier ids), `rules()` in the engine's integers (pricing).
 */
export function createSettingsRepository(db: DbOrTx) {
  const byId = eq(settings.id, SETTINGS_ID);

  async function selectRow(): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(settings).where(byId).limit(1);
    return row;
  }

  /** Recreates the default row should it ever be missing (defaults are the schema's). */
  async function ensureRow(): Promise<void> {
    await db.insert(settings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  }

  /** The row, recreated with the defaults first should it be missing. */
  async function storedRow(): Promise<SettingsRow> {
    const row = await selectRow();
    if (row) return row;
    await ensureRow();
    return (await selectRow())!;
  }

  return {
    /** The single settings record in read shape. */
    async get(): Promise<Settings> {
      return toSettings(await storedRow());
    },

    /** The settings' rules in the engine's integers. */
    async rules(): Promise<RuleSettings> {
      return toRuleSettings(await storedRow());
    },

    /**
     * Replaces the whole record and bumps `version`, in one compare-and-set statement
     * (UPDATE … WHERE id = 1 AND version = $expected RETURNING *): of two saves from the same
     * version exactly one matches. Answers undefined when `expectedVersion` is not the stored
     * one; without `expectedVersion` the save always applies (last write wins).
     */
    async update(values: SettingsValues, expectedVersion?: number): Promise<Settings | undefined> {
      const where = expectedVersion === undefined ? byId : and(byId, eq(settings.version, expectedVersion));
      const write = () =>
        db
          .update(settings)
          .set({ ...toColumns(values), version: sql`${settings.version} + 1`, updatedAt: new Date() })
          .where(where)
          .returning();
      let [row] = await write();
      if (!row && expectedVersion === undefined) {
        await ensureRow();
        [row] = await write();
      }
      return row ? toSettings(row) : undefined;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
