import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useGrades } from '../salary-rules/get-grades.ts';
import { useJobs } from '../salary-rules/get-jobs.ts';
import { useLevels } from '../salary-rules/get-levels.ts';
import { positionsQueryOptions } from '../salary-rules/get-positions.ts';
import { useSettings } from '../salary-rules/get-settings.ts';
import type { ChangeNames, FieldMove } from './change-words.ts';

const byId = <K>(rows: readonly { id: K; name: string }[] | undefined) =>
  new Map((rows ?? []).map((r) => [r.id, r.name] as const));

/**
 * The names a list of changes refers to by id. Positions are listed per job: they are read
 * (for every job) only when a change moves a position.
 */
export function useChangeNames(moves: readonly FieldMove[]): ChangeNames {
  const jobs = useJobs();
  const grades = useGrades();
  const levels = useLevels();
  const settings = useSettings();
  const needPositions = moves.some((m) => m.field === 'specializationId');
  const positions = useQueries({
    queries: needPositions ? (jobs.data ?? []).map((j) => positionsQueryOptions(j.id)) : [],
  });
  const positionRows = positions.flatMap((p) => p.data ?? []);
  const positionKey = positionRows.map((p) => `${p.id}:${p.name}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: positionKey stands for positionRows
  const specializationId = useMemo(() => byId(positionRows), [positionKey]);
  return useMemo(
    () => ({
      technologyId: byId(jobs.data),
      specializationId,
      gradeId: byId(grades.data),
      levelId: byId(levels.data),
      customMultipliers: new Map((settings.data?.customMultipliers ?? []).map((m) => [m.id, m.title])),
    }),
    [jobs.data, specializationId, grades.data, levels.data, settings.data],
  );
}
