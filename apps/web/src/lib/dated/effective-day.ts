import { apiClient } from '../api-client.ts';
import { formatDay } from '../company-format.tsx';
import { companyToday } from './company-today.ts';

/*
 * A rule write's Effective from: `?effectiveFrom=YYYY-MM-DD` only when a day was chosen (absent:
 * the company's today). A day to come schedules the change; a past one writes it from that day.
 */

/** `path?effectiveFrom=day` when a day was chosen (an empty one is today: the path as it is). */
export function withEffectiveFrom(path: string, day: string | undefined): string {
  return day ? `${path}?effectiveFrom=${encodeURIComponent(day)}` : path;
}

/** The api-client options that send the day, or none. */
export function effectiveFromQuery(day: string | undefined) {
  return day ? { query: { effectiveFrom: day } } : undefined;
}

/** A dated write's request: its body, and the day it takes effect from; absent: today. */
export interface DatedWrite<Body> {
  body: Body;
  effectiveFrom?: string;
}

/** POSTs a dated write (`?effectiveFrom=` only when a day was chosen) and answers its data. */
export async function postDated<T>(path: string, { body, effectiveFrom }: DatedWrite<unknown>): Promise<T> {
  return (await apiClient.post<T>(path, body, effectiveFromQuery(effectiveFrom))).data;
}

/** True when the day is after the company's today: the write waits for it. */
export function isScheduledDay(day: string | null | undefined): day is string {
  return Boolean(day) && (day as string) > companyToday();
}

/**
 * A save's success toast: the screen's own sentence for today's (or a past day's) save and,
 * for a day to come, a second line saying when it takes effect.
 */
export function savedToast(message: string, day: string | null | undefined): string {
  return isScheduledDay(day) ? `${message}\nScheduled from ${formatDay(day)}` : message;
}
