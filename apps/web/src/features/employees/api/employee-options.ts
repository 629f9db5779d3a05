import { useMemo } from 'react';
import { useEmployees } from './get-employees.ts';

/**
 * The employees the reader sees as a Select's choices, "Name (#id)" by name: whom an employee
 * reports to, which employee a user is. `except`: an employee left out (one cannot report to oneself).
 */
export function useEmployeeOptions(except?: number) {
  const list = useEmployees({});
  const options = useMemo(
    () =>
      (list.data ?? [])
        .filter((e) => e.id !== except)
        .map((e) => ({ value: String(e.id), label: `${e.name} (#${e.id})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [list.data, except],
  );
  return { options, pending: list.isPending };
}
