import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import { screen, type waitForOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { formatDay } from '../lib/company-format.tsx';
import { companyToday } from '../lib/dated/company-today.ts';

/* Dated writes in web tests: days around the company's today, how a screen writes them, the Effective from field. */

/** 1 January, `years` after the company's current year. */
export const shiftYears = (years: number) => `${Number(companyToday().slice(0, 4)) + years}-01-01`;
/** 1 January next year: a save from it is scheduled. */
export const NEXT_YEAR = shiftYears(1);
/** 1 January last year: a save from it is written from that day, not scheduled. */
export const LAST_YEAR = shiftYears(-1);

/** How the screens write a day (the company's format: the default en-US in tests). */
export const dayText = (day: string) => formatDay(day);

/** Opens Effective from ("change") and types the day. */
export async function chooseDay(day: string) {
  await userEvent.click(screen.getByRole('button', { name: 'change' }));
  const input = screen.getByLabelText(/Effective from/);
  await userEvent.clear(input);
  await userEvent.type(input, day);
}

/** Waits for the toast of a save scheduled from `day`: "<saved> Scheduled from <the day>". */
export async function expectScheduledToast(saved: string, day: string, wait?: waitForOptions) {
  expect(await screen.findByText(`${saved} Scheduled from ${dayText(day)}`, {}, wait)).toBeInTheDocument();
}

/** A rule change waiting for its day, as GET /api/scheduled-changes lists it. */
export function ruleChange(
  id: number,
  kind: Exclude<ScheduledChange['kind'], 'employee' | undefined>,
  subjectName: string,
  effectiveFrom: string,
  changes: ScheduledChange['changes'],
): ScheduledChange {
  return {
    id,
    kind,
    subjectName,
    employeeId: null,
    employeeName: subjectName,
    effectiveFrom,
    changes,
    recordedBy: 'hr@example.com',
    recordedAt: '2026-11-01T09:30:00.000Z',
  };
}
