import { addDays } from '@salary/shared/common/calendar-day';
import type { EmployeeProfile } from '@salary/shared/employees/employee.contract';
import type { Gender } from '@salary/shared/employees/employee-fields';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { seededRandom } from './seeded-random.ts';

/*
 * The demo company, as plain data: deterministic (a seeded generator), so every demo
 * database looks the same and screenshots and docs stay comparable.
 */

export const DEMO_JOBS: Array<{ name: string; positions: string[] }> = [
  {
    name: 'Software Engineering',
    positions: ['Backend Developer', 'Frontend Developer', 'Mobile Developer', 'DevOps Engineer'],
  },
  { name: 'Quality Assurance', positions: ['Manual QA', 'Automation QA'] },
  { name: 'Data', positions: ['Data Engineer', 'Data Scientist', 'BI Analyst'] },
  { name: 'Design', positions: ['UI Designer', 'UX Researcher'] },
  { name: 'Product', positions: ['Product Manager', 'Product Owner'] },
  { name: 'Human Resources', positions: ['HR Generalist', 'Recruiter'] },
];

export const DEMO_GRADES = ['Junior', 'Mid', 'Senior', 'Lead', 'Principal'];
export const DEMO_LEVELS = ['Level 1', 'Level 2', 'Level 3'];

/** Monthly base salary: each grade ~40% above the one below, each level +8%. */
export function demoBaseSalary(gradeIndex: number, levelIndex: number): number {
  const base = 2500 * 1.4 ** gradeIndex * 1.08 ** levelIndex;
  return Math.round(base / 10) * 10;
}

export const DEMO_FACTORS: Array<{
  job: string;
  position: string;
  type: 'PERCENTAGE' | 'FIXED';
  factor: number;
}> = [
  { job: 'Software Engineering', position: 'Backend Developer', type: 'PERCENTAGE', factor: 0.05 },
  { job: 'Software Engineering', position: 'DevOps Engineer', type: 'PERCENTAGE', factor: 0.1 },
  { job: 'Software Engineering', position: 'Mobile Developer', type: 'FIXED', factor: 150 },
  { job: 'Data', position: 'Data Scientist', type: 'PERCENTAGE', factor: 0.12 },
  { job: 'Quality Assurance', position: 'Manual QA', type: 'PERCENTAGE', factor: -0.05 },
  { job: 'Human Resources', position: 'Recruiter', type: 'PERCENTAGE', factor: -0.08 },
];

export const DEMO_SETTINGS: Omit<Settings, 'version' | 'updatedAt'> = {
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
  customMultipliers: [
    { id: 'cm_on_call', title: 'On-call rotation', multiplier: 250, type: 'FIXED' },
    { id: 'cm_team_lead', title: 'Team lead allowance', multiplier: 7.5, type: 'PERCENTAGE' },
    { id: 'cm_certification', title: 'Certification bonus', multiplier: 120, type: 'FIXED' },
  ],
  benefits: [
    { name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' },
    { name: 'Meal Allowance', amount: 90, type: 'FIXED_AMOUNT' },
    { name: 'Transportation', amount: 60, type: 'FIXED_AMOUNT' },
    { name: 'Pension Plan', amount: 5, type: 'PERCENTAGE' },
  ],
  socialInsuranceEnabled: true,
  socialInsuranceType: 'COMPANY_PERCENTAGE',
  companyInsurancePercentage: 75,
  totalInsurancePercentage: 14,
};

const FIRST = [
  'Amelia',
  'Omar',
  'Sofia',
  'Liam',
  'Yara',
  'Noah',
  'Hana',
  'Mateo',
  'Leila',
  'Ethan',
  'Nadia',
  'Lucas',
  'Mariam',
  'Jonas',
  'Aisha',
  'Daniel',
  'Chloe',
  'Karim',
  'Emma',
  'Youssef',
  'Ines',
  'Adam',
  'Zoe',
  'Samir',
  'Lina',
  'Oliver',
  'Farah',
  'Elias',
  'Maya',
  'Tariq',
  'Clara',
  'Hugo',
  'Salma',
  'Felix',
  'Nora',
  'Rami',
];
const LAST = [
  'Haddad',
  'Nguyen',
  'Rossi',
  'Schmidt',
  'Khalil',
  'Garcia',
  'Okafor',
  'Novak',
  'Mansour',
  'Silva',
  'Dubois',
  'Tanaka',
  'Farouk',
  'Jensen',
  'Kowalski',
  'Mendes',
  'Aziz',
  'Moreau',
  'Larsen',
  'Petrov',
  'Saleh',
  'Fischer',
  'Costa',
  'Ibrahim',
  'Walsh',
  'Bauer',
  'Nasser',
  'Lindqvist',
];

/** A demo employee names its rules; the seed looks their ids up. */
export interface DemoEmployee extends EmployeeProfile {
  name: string;
  job: string;
  position: string;
  grade: string;
  level: string;
  gender: Gender;
}

/**
 * The first names alternate female and male; a few people are Other or Undisclosed. Derived
 * from the name and the position in the list, so the random sequence (and the rest of the
 * demo) is the same as before genders existed.
 */
function demoGender(firstIndex: number, i: number): Gender {
  if (i % 31 === 5) return 'UNDISCLOSED';
  if (i % 53 === 17) return 'OTHER';
  return firstIndex % 2 === 0 ? 'FEMALE' : 'MALE';
}

export function demoEmployees(count = 200, seed = 20261121): DemoEmployee[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const out: DemoEmployee[] = [];
  for (let i = 0; i < count; i++) {
    const job = pick(DEMO_JOBS);
    const gradeIndex = Math.min(DEMO_GRADES.length - 1, Math.floor(next() ** 1.6 * DEMO_GRADES.length));
    const yearsExperience = Math.round((gradeIndex * 3 + next() * 4) * 2) / 2;
    const yearsWithCompany = Math.min(yearsExperience, Math.round(next() * 8 * 2) / 2);
    const custom: string[] = [];
    if (job.name === 'Software Engineering' && next() < 0.3) custom.push('cm_on_call');
    if (gradeIndex >= 3 && next() < 0.6) custom.push('cm_team_lead');
    if (next() < 0.15) custom.push('cm_certification');
    const first = Math.floor(next() * FIRST.length);
    out.push({
      name: `${FIRST[first]} ${pick(LAST)}`,
      job: job.name,
      position: pick(job.positions),
      grade: DEMO_GRADES[gradeIndex]!,
      level: pick(DEMO_LEVELS),
      yearsExperience,
      yearsWithCompany,
      offshoreProject: next() < 0.25,
      actingAsDifferentGrade: next() < 0.08,
      pillar: next() < 0.1,
      remote: next() < 0.35,
      customMultiplierIds: custom,
      gender: demoGender(first, i),
    });
  }
  return out;
}

/*
 * The demo's calendar, relative to the company's today when the seed runs (so its answers are
 * the same on any day it is seeded): employees are named by their place in `demoEmployees`' list.
 */
export const DEMO_CALENDAR = {
  /** Leavers (Rami Novak, Mateo Dubois): their last day this many days before today. */
  leavers: [
    { index: 40, daysAgo: 23 },
    { index: 61, daysAgo: 64 },
  ],
  /** A promotion a grade up from the 1st of next month (Samir Farouk, Mid → Senior): scheduled. */
  scheduledPromotion: 43,
  /**
   * A promotion recorded from the 1st of the month `monthsAgo` before today's (Sofia Novak,
   * Senior → Lead): the grade below before it, the grade the employee has now since.
   */
  backdatedPromotion: { index: 48, monthsAgo: 3 },
  /** Part-time employees: their contracted weekly hours (the others work the company's standard week). */
  partTime: [
    { index: 12, weeklyHours: 20 },
    { index: 27, weeklyHours: 30 },
  ],
  /**
   * A raise of every base salary of one grade, scheduled from 1 January of the year after the
   * seed's: written through the rule calendar, so it waits in the scheduled changes.
   */
  scheduledRaise: { grade: 'Senior', percent: 3 },
};

/** 1 January of the year after `today`'s. */
export const nextNewYear = (today: string): string =>
  `${String(Number(today.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;

/** An amount raised by `percent`, to the whole ten (as the demo's base salaries are). */
export const raised = (amount: number, percent: number): number =>
  Math.round((amount * (100 + percent)) / 1000) * 10;

/**
 * Job evaluation scores (skills, effort, responsibility, working conditions, 1–5) of every demo
 * job, and one position scored apart from its job: the pay report's evaluation categories.
 */
export const DEMO_EVALUATION: Array<{
  job: string;
  position?: string;
  scores: { skills: number; effort: number; responsibility: number; workingConditions: number };
}> = [
  { job: 'Software Engineering', scores: { skills: 4, effort: 3, responsibility: 3, workingConditions: 2 } },
  {
    job: 'Software Engineering',
    position: 'DevOps Engineer',
    scores: { skills: 4, effort: 4, responsibility: 4, workingConditions: 3 },
  },
  { job: 'Quality Assurance', scores: { skills: 3, effort: 3, responsibility: 2, workingConditions: 2 } },
  { job: 'Data', scores: { skills: 4, effort: 3, responsibility: 3, workingConditions: 2 } },
  { job: 'Design', scores: { skills: 3, effort: 3, responsibility: 3, workingConditions: 2 } },
  { job: 'Product', scores: { skills: 3, effort: 3, responsibility: 4, workingConditions: 2 } },
  { job: 'Human Resources', scores: { skills: 3, effort: 2, responsibility: 3, workingConditions: 2 } },
];

/** An employee's three days. */
export interface DemoDays {
  hireDate: string;
  careerStartDate: string;
  leaveDate: string | null;
}

/** The same day `years` years before (28 February for a 29th in a year without one). */
function yearsBefore(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) - years;
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  const monthDay = day.slice(5) === '02-29' && !leap ? '02-28' : day.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** The 1st of the month `months` after `day`'s (before, when negative). */
export function firstOfMonth(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * A day whose whole years completed by `today` are the whole part of `years`: that many years
 * back, then the fraction (half a year for .5) and a few days more so the days vary.
 */
function dayYearsBack(today: string, years: number, i: number): string {
  const whole = Math.floor(years);
  const extra = Math.round((years - whole) * 365) + ((i * 37) % 60);
  return addDays(yearsBefore(today, whole), -extra);
}

/**
 * Every employee's hire and career-start days as of `today` (the years with the company and of
 * experience are then derived from them: the whole years of the typed ones), and the leavers'
 * last days.
 */
export function demoDays(people: readonly DemoEmployee[], today: string): DemoDays[] {
  const leaving = new Map(DEMO_CALENDAR.leavers.map((l) => [l.index, addDays(today, -l.daysAgo)]));
  return people.map((p, i) => {
    const hireDate = dayYearsBack(today, p.yearsWithCompany, i);
    const career = dayYearsBack(today, p.yearsExperience, i + 7);
    // Never a career started after the hire (as many whole years: the hire day itself).
    const careerStartDate = career > hireDate ? hireDate : career;
    return { hireDate, careerStartDate, leaveDate: leaving.get(i) ?? null };
  });
}
