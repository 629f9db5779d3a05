import {
  type ScheduledChange,
  type ScheduledChangeKind,
  scheduledChangeSchema,
} from '@salary/shared/employees/dated.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';
import { useInvalidatingMutation } from '../use-invalidating-mutation.ts';

/**
 * The employees' query prefix (features/employees' `employeesQueryKey`): scheduled changes are
 * read and written under it, so an employee write reloads them and a cancel reloads the
 * employee's page (its timeline). Here because both Settings and the employee page use them.
 */
const EMPLOYEES_KEY = ['employees'] as const;

const scheduledListSchema = z.array(scheduledChangeSchema);

/** The scheduled changes' own key: a rule write with an Effective from reloads it. */
export const scheduledChangesQueryKey = [...EMPLOYEES_KEY, 'scheduled'] as const;

/** GET /scheduled-changes: the employee and rule changes waiting for their day, soonest first. */
export async function getScheduledChanges(signal?: AbortSignal): Promise<ScheduledChange[]> {
  const answer = (await apiClient.get<unknown>('/scheduled-changes', { signal })).data;
  // Checked: rule rows and settings screens read it beside their own lists and must not break on it.
  return scheduledListSchema.parse(answer);
}

export function scheduledChangesQueryOptions() {
  return queryOptions({
    queryKey: scheduledChangesQueryKey,
    queryFn: ({ signal }) => getScheduledChanges(signal),
    staleTime: 0,
  });
}

export function useScheduledChanges() {
  return useQuery(scheduledChangesQueryOptions());
}

/** A change's kind (answers without one are employee changes). */
export const kindOf = (change: ScheduledChange): ScheduledChangeKind => change.kind ?? 'employee';

/** Whom or what a change is to, by name ('Jane Doe', 'Senior / L2', 'Settings'). */
export const subjectOf = (change: ScheduledChange): string => change.subjectName ?? change.employeeName;

/**
 * The waiting changes of one kind of rule (the same one read as Settings → Scheduled Changes'),
 * by subject name: the rows of a rules list show theirs.
 */
export function useScheduledRuleChanges(kind: Exclude<ScheduledChangeKind, 'employee'>) {
  const query = useScheduledChanges();
  const bySubject = new Map<string, ScheduledChange[]>();
  for (const change of query.data ?? []) {
    if (kindOf(change) !== kind) continue;
    const subject = subjectOf(change);
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), change]);
  }
  return bySubject;
}

/** DELETE /scheduled-changes/:id (an employee's: manageEmployee; a rule's: manageSettings): before its day only (409 after). */
export async function cancelScheduledChange(id: number): Promise<void> {
  await apiClient.delete<null>(`/scheduled-changes/${id}`);
}

export function useCancelScheduledChange() {
  return useInvalidatingMutation(cancelScheduledChange, [EMPLOYEES_KEY]);
}
