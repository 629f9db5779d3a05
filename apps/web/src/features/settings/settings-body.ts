import type { Settings, UpdateSettingsBody } from '@salary/shared/settings/settings.contract';

export type SettingsChanges = Partial<Omit<Settings, 'version' | 'updatedAt'>>;

/**
 * The body of PUT /settings: the whole record with `changes` applied, the two lists as JSON
 * strings and the version it was read at, so a save over someone else's is refused.
 */
export function toUpdateBody(current: Settings, changes: SettingsChanges = {}): UpdateSettingsBody {
  const { updatedAt: _readOnly, version, ...values } = { ...current, ...changes, version: current.version };
  return {
    ...values,
    benefits: JSON.stringify(values.benefits),
    customMultipliers: JSON.stringify(values.customMultipliers),
    version,
  };
}
