import type { User } from '@salary/shared/auth/auth.contract';
import { NO_PERMISSIONS, type Permissions } from '@salary/shared/common/permissions';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';

/** A user as the API sends it; pass only what a test cares about. */
export function newUser(
  overrides: Partial<Omit<User, 'permissions'>> & { permissions?: Partial<Permissions> } = {},
): User {
  const { permissions, ...rest } = overrides;
  return {
    id: 2,
    email: 'staff@example.com',
    name: 'Sam Staff',
    isAdmin: false,
    role: 'user',
    employeeId: null,
    ...rest,
    permissions: { ...NO_PERMISSIONS, ...permissions },
  };
}

/** The six multipliers of a typical company (as the demo seeds them), for settings fixtures. */
export const SIX_MULTIPLIERS = {
  experienceMultiplier: 1.5,
  experienceMultiplierType: 'PERCENTAGE',
  loyaltyMultiplier: 1,
  loyaltyMultiplierType: 'PERCENTAGE',
  offshoreMultiplier: 10,
  offshoreMultiplierType: 'PERCENTAGE',
  actingAsMultiplier: 15,
  actingAsMultiplierType: 'PERCENTAGE',
  pillarMultiplier: 300,
  pillarMultiplierType: 'FIXED',
  remoteMultiplier: -3,
  remoteMultiplierType: 'PERCENTAGE',
} as const satisfies Partial<Settings>;

/**
 * Ada Lovelace as GET /api/employees/7 sends her: Engineering / Backend, Senior, L2, six and a
 * half years, hired 2021-05-03, active, at version 4; pass only what a test cares about.
 */
export function newEmployeeView(overrides: Partial<EmployeeView> = {}): EmployeeView {
  return {
    id: 7,
    name: 'Ada Lovelace',
    managerId: null,
    weeklyHours: 40,
    technologyId: 1,
    specializationId: 2,
    gradeId: 3,
    levelId: 4,
    technology: { id: 1, name: 'Engineering' },
    position: { id: 2, name: 'Backend' },
    grade: { id: 3, name: 'Senior' },
    level: { id: 4, name: 'L2' },
    yearsExperience: 6.5,
    yearsWithCompany: 2,
    offshoreProject: false,
    actingAsDifferentGrade: false,
    pillar: false,
    remote: false,
    hireDate: '2021-05-03',
    careerStartDate: null,
    leaveDate: null,
    employmentStatus: 'ACTIVE',
    customMultipliers: [],
    version: 4,
    ...overrides,
  };
}

/** Two jobs of one position each, as GET /api/jobs and GET /api/positions send them. */
export const TWO_JOBS = {
  jobs: [
    { id: 1, name: 'Data', _count: { positions: 1 }, version: 1 },
    { id: 2, name: 'Design', _count: { positions: 1 }, version: 1 },
  ],
  positions: [
    { id: 11, name: 'Analyst', jobId: 1, job: { id: 1, name: 'Data' }, version: 1 },
    { id: 12, name: 'Illustrator', jobId: 2, job: { id: 2, name: 'Design' }, version: 1 },
  ],
};

/** A base salary's band fields when the cell sets none of its own (the band comes from ±10%). */
export const NO_BAND_OF_ITS_OWN = { bandSpread: null, bandMin: null, bandMax: null };
