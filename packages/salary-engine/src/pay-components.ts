/**
 * Pay components: what the formula adds to the adjusted salary, as data in a closed
 * vocabulary (no expressions). A component says how much (`type` and `value`: basis points of
 * the adjusted salary, or cents), how often (`per`: once, or per year of experience or with the
 * company), when (`when`: always, or while one of the profile's flags is set) and on which line
 * of the breakdown it shows. The company's six multipliers are the default set
 * (`companyComponents`); an employee's checked custom multipliers and own components (an
 * individual allowance) follow them. Benefits and social insurance stay steps of their own: they
 * are costs on the gross, not pay.
 */

import type { RuleUnits } from '@salary/shared/common/money';
import type { Multiplier, MultiplierType, SalaryProfile, SalaryRules } from './salary-types.ts';

/** How often a component applies: once, or per year (fractions count proportionally). */
export const COMPONENT_PER = ['ONCE', 'YEAR_OF_EXPERIENCE', 'YEAR_WITH_COMPANY'] as const;
export type ComponentPer = (typeof COMPONENT_PER)[number];

/** When a component applies: always, or while the profile's flag of that name is set. */
export const COMPONENT_WHEN = [
  'ALWAYS',
  'OFFSHORE_PROJECT',
  'ACTING_AS_DIFFERENT_GRADE',
  'PILLAR',
  'REMOTE',
] as const;
export type ComponentWhen = (typeof COMPONENT_WHEN)[number];

/**
 * The breakdown's list a component's row goes to: `adjustmentDetails` for the company's and the
 * employee's own components, `customMultiplierDetails` for checked custom multipliers.
 */
export type ComponentLine = 'ADJUSTMENT' | 'CUSTOM_MULTIPLIER';

/** One pay component. PERCENTAGE: basis points of the adjusted salary; FIXED: cents. */
export interface PayComponent {
  readonly name: string;
  readonly type: MultiplierType;
  readonly value: RuleUnits;
  readonly per: ComponentPer;
  readonly when: ComponentWhen;
  readonly line: ComponentLine;
}

/** The profile's flag each condition reads. */
const FLAG_OF: Record<Exclude<ComponentWhen, 'ALWAYS'>, keyof SalaryProfile> = {
  OFFSHORE_PROJECT: 'offshoreProject',
  ACTING_AS_DIFFERENT_GRADE: 'actingAsDifferentGrade',
  PILLAR: 'pillar',
  REMOTE: 'remote',
};

export function applies(when: ComponentWhen, profile: SalaryProfile): boolean {
  return when === 'ALWAYS' || profile[FLAG_OF[when]] === true;
}

/** The company's six multipliers as components, in the breakdown's order. */
const COMPANY_SET: ReadonlyArray<{
  key: keyof SalaryRules['multipliers'];
  name: string;
  per: ComponentPer;
  when: ComponentWhen;
}> = [
  { key: 'experience', name: 'Experience', per: 'YEAR_OF_EXPERIENCE', when: 'ALWAYS' },
  { key: 'loyalty', name: 'Loyalty', per: 'YEAR_WITH_COMPANY', when: 'ALWAYS' },
  { key: 'offshore', name: 'Offshore Project', per: 'ONCE', when: 'OFFSHORE_PROJECT' },
  { key: 'actingAs', name: 'Acting as Different Grade', per: 'ONCE', when: 'ACTING_AS_DIFFERENT_GRADE' },
  { key: 'pillar', name: 'Pillar', per: 'ONCE', when: 'PILLAR' },
  { key: 'remote', name: 'Remote', per: 'ONCE', when: 'REMOTE' },
];

/**
 * The company's default components from its six multiplier settings, each with the settings
 * field it came from (for the engine's messages, e.g. `multipliers.loyalty.value`).
 */
export function companyComponents(
  multipliers: SalaryRules['multipliers'],
): Array<{ component: PayComponent; field: string }> {
  return COMPANY_SET.map(({ key, name, per, when }) => {
    const m: Multiplier = multipliers[key];
    return {
      component: { name, type: m.type, value: m.value, per, when, line: 'ADJUSTMENT' },
      field: `multipliers.${key}`,
    };
  });
}

/** A checked custom multiplier: applied once, on its own line of the breakdown. */
export function customComponent(c: SalaryRules['customMultipliers'][number]): PayComponent {
  return {
    name: c.title,
    type: c.type,
    value: c.value,
    per: 'ONCE',
    when: 'ALWAYS',
    line: 'CUSTOM_MULTIPLIER',
  };
}
