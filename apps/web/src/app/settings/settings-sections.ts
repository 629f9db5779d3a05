import type { User } from '@salary/shared/auth/auth.contract';
import {
  IconBriefcase,
  IconBuildingStore,
  IconCalendarClock,
  IconCoin,
  IconGift,
  IconHierarchy2,
  IconHistory,
  IconLayersLinked,
  IconPercentage,
  IconScale,
  IconShieldCheck,
  IconSitemap,
  IconStairs,
  IconUserCog,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface SettingsSection {
  /** Segment under /settings, e.g. 'jobs' → /settings/jobs. */
  path: string;
  label: string;
  description: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  component: LazyExoticComponent<ComponentType>;
  /** Whether the hub shows a card for it; the route itself stays reachable (it guards itself). */
  listed?(user: User): boolean;
}

// Accounts and the audit trail are the admin's alone, whatever other permissions a user holds.
const adminsOnly = (user: User) => user.isAdmin;

/**
 * The settings hub's sections in spec order. Each one is a lazily loaded default export owned by
 * its feature folder; a feature replaces its file and nothing here changes.
 */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    path: 'jobs',
    label: 'Jobs',
    description: 'Job families',
    icon: IconBriefcase,
    component: lazy(() => import('../../features/jobs/jobs-section.tsx')),
  },
  {
    path: 'positions',
    label: 'Positions',
    description: 'Positions per job',
    icon: IconSitemap,
    component: lazy(() => import('../../features/positions/positions-section.tsx')),
  },
  {
    path: 'grades',
    label: 'Grades',
    description: 'Grades and their order',
    icon: IconStairs,
    component: lazy(() => import('../../features/grades/grades-section.tsx')),
  },
  {
    path: 'levels',
    label: 'Levels',
    description: 'Levels within a grade',
    icon: IconHierarchy2,
    component: lazy(() => import('../../features/levels/levels-section.tsx')),
  },
  {
    path: 'base-salary',
    label: 'Base Salaries',
    description: 'Pay per grade and level',
    icon: IconCoin,
    component: lazy(() => import('../../features/base-salaries/base-salaries-section.tsx')),
  },
  {
    path: 'adjustment-factors',
    label: 'Adjustment Factors',
    description: 'Per job and position',
    icon: IconLayersLinked,
    component: lazy(() => import('../../features/adjustment-factors/adjustment-factors-section.tsx')),
  },
  {
    path: 'job-evaluation',
    label: 'Job Evaluation',
    description: 'Scores for work of equal value',
    icon: IconScale,
    component: lazy(() => import('../../features/job-evaluation/job-evaluation-section.tsx')),
  },
  {
    path: 'benefits',
    label: 'Benefits',
    description: 'Company-paid benefits',
    icon: IconGift,
    component: lazy(() => import('../../features/settings/benefits-section.tsx')),
  },
  {
    path: 'multipliers',
    label: 'Salary Multipliers',
    description: 'Experience, loyalty and more',
    icon: IconPercentage,
    component: lazy(() => import('../../features/settings/multipliers-section.tsx')),
  },
  {
    path: 'social-insurance',
    label: 'Social Insurance',
    description: 'Who pays and how much',
    icon: IconShieldCheck,
    component: lazy(() => import('../../features/settings/social-insurance-section.tsx')),
  },
  {
    path: 'scheduled-changes',
    label: 'Scheduled Changes',
    description: 'Employee changes from a day to come',
    icon: IconCalendarClock,
    component: lazy(() => import('../../features/settings/scheduled-changes-section.tsx')),
  },
  {
    path: 'company',
    label: 'Company',
    description: 'Name, currency, formats, time zone',
    icon: IconBuildingStore,
    component: lazy(() => import('../../features/company/company-section.tsx')),
  },
  {
    path: 'users',
    label: 'User Management',
    description: 'Accounts and permissions',
    icon: IconUserCog,
    component: lazy(() => import('../../features/users/users-section.tsx')),
    listed: adminsOnly,
  },
  {
    path: 'audit',
    label: 'Audit Log',
    description: 'Every change, who and when',
    icon: IconHistory,
    component: lazy(() => import('../../features/audit/audit-log-section.tsx')),
    listed: adminsOnly,
  },
];

export function listedSections(user: User): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((section) => section.listed?.(user) ?? true);
}
