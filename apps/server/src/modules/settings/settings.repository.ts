import { type Settings, settingsSchema } from '@salary/shared/settings/settings.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export type SettingsRow = typeof settings.$inferSelect;

/** What a save writes: the whole record, validated, every custom multiplier with a stable id. */
export type SettingsValues = Omit<Settings, 'version' | 'updatedAt'>;

/** The record is a single row; migration 0001 creates it and check constraints keep it alone. */
const SETTINGS_ID = 1;

const listsSchema = settingsSchema.pick({ customMultipliers: true, benefits: true });

/** Row → read shape: numeric strings become numbers (at most two decimals), jsonb lists arrays. */
export function toSettings(row: SettingsRow): Settings {
  // The lists are only ever written by `update` below from validated input; a row that does
  // not parse is corrupt and fails loudly rather than calculating with a guess.
  const lists = listsSchema.parse({ customMultipliers: row.customMultipliers, benefits: row.benefits });
  return {
    experienceMultiplier: Number(row.experienceMultiplier),
    experienceMultiplierType: row.experienceMultiplierType,
    loyaltyMultiplier: Number(row.loyaltyMultiplier),
    loyaltyMultiplierType: row.loyaltyMultiplierType,
    offshoreMultiplier: Number(row.offshoreMultiplier),
    offshoreMultiplierType: row.offshoreMultiplierType,
    actingAsMultiplier: Number(row.actingAsMultiplier),
    actingAsMultiplierType: row.actingAsMultiplierType,
    pillarMultiplier: Number(row.pillarMultiplier),
    pillarMultiplierType: row.pillarMultiplierType,
    remoteMultiplier: Number(row.remoteMultiplier),
    remoteMultiplierType: row.remoteMultiplierType,
    customMultipliers: lists.customMultipliers,
    benefits: lists.benefits,
    socialInsuranceEnabled: row.socialInsuranceEnabled,
    socialInsuranceType: row.socialInsuranceType,
    companyInsurancePercentage: Number(row.companyInsurancePercentage),
    totalInsurancePercentage: Number(row.totalInsurancePercentage),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Values are validated to at most two decimals, so toFixed(2) is exact for numeric(…, 2). */
const numeric = (value: number) => value.toFixed(2);

function toColumns(v: SettingsValues) {
  return {
    experienceMultiplier: numeric(v.experienceMultiplier),
    experienceMultiplierType: v.experienceMultiplierType,
    loyaltyMultiplier: numeric(v.loyaltyMultiplier),
    loyaltyMultiplierType: v.loyaltyMultiplierType,
    offshoreMultiplier: numeric(v.offshoreMultiplier),
    offshoreMultiplierType: v.offshoreMultiplierType,
    actingAsMultiplier: numeric(v.actingAsMultiplier),
    actingAsMultiplierType: v.actingAsMultiplierType,
    pillarMultiplier: numeric(v.pillarMultiplier),
    pillarMultiplierType: v.pillarMultiplierType,
    remoteMultiplier: numeric(v.remoteMultiplier),
    remoteMultiplierType: v.remoteMultiplierType,
    // Rebuilt item by item so nothing but the contract's keys reaches the jsonb column.
    customMultipliers: v.customMultipliers.map(({ id, title, multiplier, type }) => ({
      id,
      title,
      multiplier,
      type,
    })),
    benefits: v.benefits.map(({ name, amount, type }) => ({ name, amount, type })),
    socialInsuranceEnabled: v.socialInsuranceEnabled,
    socialInsuranceType: v.socialInsuranceType,
    companyInsurancePercentage: numeric(v.companyInsurancePercentage),
    totalInsurancePercentage: numeric(v.totalInsurancePercentage),
  };
}

/**
 * The settings record. Other modules (calculator, employees) read it with
 * `createSettingsRepository(db).get()`: multipliers, percentages and benefit amounts come as
 * JS numbers with at most two decimals, lists as arrays — ready for the salary engine.
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

  return {
    /** The single settings record in read shape. */
    async get(): Promise<Settings> {
      let row = await selectRow();
      if (!row) {
        await ensureRow();
        row = await selectRow();
      }
      return toSettings(row!);
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
