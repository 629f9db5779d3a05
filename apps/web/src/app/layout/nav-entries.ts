import type { User } from '@salary/shared/auth/auth.contract';
import {
  IconCalculator,
  IconChartBar,
  IconInbox,
  IconScale,
  IconSettings,
  IconTrendingUp,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import {
  canSeeInsights,
  canSeePayTransparency,
  canSeeRaiseCycles,
  canSeeSettings,
} from '../../lib/permissions.ts';

export interface NavEntry {
  label: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  visible?(user: User): boolean;
}

/** The sidebar's entries, in order. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Employees', path: '/dashboard', icon: IconUsers },
  { label: 'Salary Calculator', path: '/calculator', icon: IconCalculator },
  { label: 'Pay Overview', path: '/insights', icon: IconChartBar, visible: canSeeInsights },
  { label: 'Pay Transparency', path: '/pay-transparency', icon: IconScale, visible: canSeePayTransparency },
  { label: 'Worker Requests', path: '/worker-requests', icon: IconInbox, visible: canSeePayTransparency },
  { label: 'Raise Cycles', path: '/raise-cycles', icon: IconTrendingUp, visible: canSeeRaiseCycles },
  { label: 'Settings', path: '/settings', icon: IconSettings, visible: canSeeSettings },
];

/** The entry whose path prefixes the current path is highlighted (whole segments only). */
export function isEntryActive(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
