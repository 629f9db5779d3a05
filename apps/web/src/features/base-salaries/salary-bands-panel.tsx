import { Button, Grid, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import {
  BAND_MAX_LABEL,
  BAND_MIN_LABEL,
  BAND_SPREAD_LABEL,
  type BaseSalary,
} from '@salary/shared/base-salaries/base-salaries.contract';
import type { Grade } from '@salary/shared/grades/grades.contract';
import { useState } from 'react';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { currencySymbol } from '../../lib/company-format.tsx';
import { savedToast } from '../../lib/dated/effective-day.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSaveBaseSalaryCells } from './api/save-base-salary-cells.ts';
import { BandsTable } from './salary-bands-table.tsx';

const SAVED = 'Salary bands saved successfully';
const FAILED = 'Failed to save salary bands';

type Draft = number | string;
const boundOf = (draft: Draft): number | null => (draft === '' ? null : Number(draft));

/**
 * Under the grid: each grade's spread around its base salaries (set on every cell of the
 * grade), and a cell's band typed as a minimum and maximum; dated like the amounts. A bound
 * left empty comes from the spread (default ±10%).
 */
export function SalaryBandsPanel({
  grades,
  stored,
  canManage,
}: {
  grades: Grade[];
  stored: BaseSalary[];
  canManage: boolean;
}) {
  const toast = useToast();
  const mutation = useSaveBaseSalaryCells();
  const [gradeId, setGradeId] = useState<string | null>(null);
  const [spread, setSpread] = useState<Draft>('');
  const [cellId, setCellId] = useState<string | null>(null);
  const [min, setMin] = useState<Draft>('');
  const [max, setMax] = useState<Draft>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);

  const cell = stored.find((b) => String(b.id) === cellId);
  const gradeCells = stored.filter((b) => String(b.gradeId) === gradeId);

  const send = async (
    cells: Array<Pick<BaseSalary, 'gradeId' | 'levelId' | 'amount' | 'version'> & Record<string, unknown>>,
    fieldOf: (field: string) => string,
  ) => {
    setErrors({});
    const day = effectiveFrom || undefined;
    const body = { cells };
    try {
      await mutation.mutateAsync(day ? { body, effectiveFrom: day } : { body });
      toast.success(savedToast(SAVED, day));
      setEffectiveFrom(null);
    } catch (error) {
      const marked: Record<string, string> = {};
      if (isApiError(error))
        for (const problem of error.fields)
          marked[fieldOf(problem.field.split('.').pop() ?? '')] ??= problem.message;
      setErrors(marked);
      toast.error(errorMessage(error, FAILED));
    }
  };

  const saveSpread = () => {
    if (gradeCells.length === 0) return;
    const bandSpread = boundOf(spread);
    void send(
      gradeCells.map((b) => ({
        gradeId: b.gradeId,
        levelId: b.levelId,
        amount: b.amount,
        version: b.version,
        bandSpread,
      })),
      () => 'spread',
    );
  };

  const saveCell = () => {
    if (!cell) return;
    void send(
      [
        {
          gradeId: cell.gradeId,
          levelId: cell.levelId,
          amount: cell.amount,
          version: cell.version,
          bandMin: boundOf(min),
          bandMax: boundOf(max),
        },
      ],
      (field) => field,
    );
  };

  const pickCell = (id: string | null) => {
    setCellId(id);
    const picked = stored.find((b) => String(b.id) === id);
    setMin(picked?.bandMin ?? '');
    setMax(picked?.bandMax ?? '');
    setErrors({});
  };
  const pickGrade = (id: string | null) => {
    setGradeId(id);
    const first = stored.find((b) => String(b.gradeId) === id);
    setSpread(first?.bandSpread ?? '');
    setErrors({});
  };

  const money = {
    prefix: currencySymbol(),
    hideControls: true,
    min: 0,
    thousandSeparator: ',',
    clampBehavior: 'none',
  } as const;
  if (stored.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Set base salaries first: each band is the range around one.
      </Text>
    );
  return (
    <Stack gap="md">
      <BandsTable stored={stored} />
      {canManage ? (
        <>
          <Title order={3} size="h4">
            Change a band
          </Title>
          <Text size="sm" c="dimmed">
            A grade's spread sets the band either side of every base salary of the grade (empty: 10%); a
            minimum or maximum typed for one grade and level replaces the spread's (empty: from the spread).
          </Text>
          <Grid gap="md" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Grade"
                placeholder="Pick a grade"
                data={grades
                  .filter((g) => stored.some((b) => b.gradeId === g.id))
                  .map((g) => ({ value: String(g.id), label: g.name }))}
                value={gradeId}
                onChange={pickGrade}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label={`${BAND_SPREAD_LABEL} (%)`}
                placeholder="10"
                suffix="%"
                hideControls
                min={0}
                max={100}
                clampBehavior="none"
                value={spread}
                onChange={setSpread}
                error={errors.spread}
                disabled={gradeId === null}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Button onClick={saveSpread} disabled={gradeId === null} loading={mutation.isPending}>
                Set grade spread
              </Button>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Grade and level"
                placeholder="Pick a base salary"
                data={stored.map((b) => ({
                  value: String(b.id),
                  label: `${b.grade.name} / ${b.level.name}`,
                }))}
                value={cellId}
                onChange={pickCell}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label={BAND_MIN_LABEL}
                placeholder={cell ? String(cell.band.min) : ''}
                {...money}
                value={min}
                onChange={setMin}
                error={errors.bandMin}
                disabled={!cell}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput
                label={BAND_MAX_LABEL}
                placeholder={cell ? String(cell.band.max) : ''}
                {...money}
                value={max}
                onChange={setMax}
                error={errors.bandMax}
                disabled={!cell}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <Group justify="flex-end">
                <Button onClick={saveCell} disabled={!cell} loading={mutation.isPending}>
                  Save band
                </Button>
              </Group>
            </Grid.Col>
          </Grid>
          <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />
        </>
      ) : null}
    </Stack>
  );
}
