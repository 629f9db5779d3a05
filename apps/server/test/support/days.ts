/*
 * Day arithmetic for tests' expected figures, reckoned with Date alone — not with the calendar
 * helpers of the code under test, so that an expectation does not share their mistakes.
 */

/** `day` (YYYY-MM-DD) moved by `days` calendar days (negative: earlier). */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How many days the month of `day` has. */
export const daysInMonthOf = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
