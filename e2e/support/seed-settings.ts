import {
  BASE_MULTIPLIERS,
  DEFAULT_SETTINGS_VALUES,
  type Settings,
  type UpdateSettingsBody,
} from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll } from 'vitest';
import { adminApi, expectOk } from './api.ts';

/*
 * The settings record is one row the whole run shares. Specs that change it set what they need
 * right before they use it (never assuming what an earlier file left) and put the record back
 * as they found it when the file is done.
 */

export type SettingsChanges = Partial<Omit<Settings, 'version' | 'updatedAt'>>;

export async function readSettings(): Promise<Settings> {
  return expectOk(await (await adminApi()).get<Settings>('/settings'), 'Reading settings');
}

/** Saves the current record with `changes` applied (lists as arrays, which the API also takes). */
export async function updateSettings(changes: SettingsChanges): Promise<Settings> {
  const { updatedAt: _ignored, ...current } = await readSettings();
  const body: UpdateSettingsBody = { ...current, ...changes, version: current.version };
  return expectOk(await (await adminApi()).put<Settings>('/settings', body), 'Saving settings');
}

/** Call at the top of a spec file that changes settings: restores them after its last test. */
export function keepSettingsAsFound(): void {
  let original: Settings | undefined;
  beforeAll(async () => {
    original = await readSettings();
  });
  afterAll(async () => {
    if (!original) return;
    const { version: _v, updatedAt: _u, ...values } = original;
    await updateSettings(values);
  });
}

/** Six base multipliers at zero: a test sets only the ones it looks at. */
export const NEUTRAL_MULTIPLIERS: SettingsChanges = Object.fromEntries(
  BASE_MULTIPLIERS.flatMap((m) => [
    [m.key, DEFAULT_SETTINGS_VALUES[m.key]],
    [m.typeKey, DEFAULT_SETTINGS_VALUES[m.typeKey]],
  ]),
);
