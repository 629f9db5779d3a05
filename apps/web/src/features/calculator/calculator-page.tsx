import { Alert, Center, Grid, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CalculateBody, CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { IconCalculator, IconLock } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { AsOfBar, useAsOf } from '../../components/as-of.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePermission } from '../../lib/permissions.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useSettingsValues } from '../../lib/salary-rules/get-settings.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCalculateSalary } from './api/calculate-salary.ts';
import { CalculationDetails } from './calculation-details.tsx';
import { calculationErrorMessage } from './calculation-error.ts';
import { type CalculatedProfile, CalculatorForm } from './calculator-form.tsx';

const LOAD_ERROR = 'Error loading form data';
const NONE: never[] = [];

function EmptyDetails() {
  return (
    <Paper withBorder radius="md" p="xl" visibleFrom="md" style={{ borderStyle: 'dashed' }}>
      <Center mih={240}>
        <Stack align="center" gap="xs" ta="center" maw={320}>
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconCalculator size={22} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>Calculation Details</Text>
          <Text c="dimmed" size="sm">
            Choose a job, position, grade and level, then Calculate to see the full breakdown here.
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}

/**
 * /calculator: the form on the left, the breakdown of the last calculation on the right; priced
 * with the rules in force on the address's As of day (`?asOf=`; absent: today).
 */
export default function CalculatorPage() {
  const toast = useToast();
  const canSeeSalary = usePermission('showSalary');
  // Read on every visit: the rules may have changed in Settings since.
  const jobs = useJobs({ refetchOnMount: 'always' });
  const grades = useGrades({ refetchOnMount: 'always' });
  const levels = useLevels({ refetchOnMount: 'always' });
  // Only users who may calculate read the values the form needs (the server keeps them from others).
  const settings = useSettingsValues({ enabled: canSeeSalary });
  useLoadErrorToast(jobs.error, LOAD_ERROR);
  useLoadErrorToast(grades.error, LOAD_ERROR);
  useLoadErrorToast(levels.error, LOAD_ERROR);
  useLoadErrorToast(settings.error, LOAD_ERROR);
  // The form is drawn with the lists in a render React may interrupt, not in each of the four
  // store updates that bring them (each drawn at once and whole): one answer's arrival only
  // re-runs this component, whose form is kept (memo) until the deferred render.
  const jobList = useDeferredValue(jobs.data);
  const gradeList = useDeferredValue(grades.data);
  const levelList = useDeferredValue(levels.data);
  const settingsValues = useDeferredValue(settings.data);
  const options = useMemo(
    () => ({
      benefits: settingsValues?.benefits ?? NONE,
      customMultipliers: settingsValues?.customMultipliers ?? NONE,
    }),
    [settingsValues],
  );
  const calculate = useCalculateSalary();
  const { mutateAsync } = calculate;
  // Another day than today: the profile priced with the rules in force that day (a what-if).
  const [asOf, setAsOf] = useAsOf();
  const [shown, setShown] = useState<{ result: CalculationResult; profile: CalculatedProfile } | null>(null);
  const [stale, setStale] = useState(false);
  const detailsRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // On a phone the panel stacks under the form, out of sight: bring a new result into view, and
  // move focus to its heading so a keyboard or screen-reader user lands on the result.
  useEffect(() => {
    const panel = detailsRef.current;
    if (!shown || !panel) return;
    if (panel.getBoundingClientRect().top > window.innerHeight * 0.6) {
      panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
    headingRef.current?.focus({ preventScroll: true });
  }, [shown]);

  const onEdited = useCallback(() => setStale(true), []);
  // A result priced as of another day is not the answer for this one.
  const pricedAsOf = useRef(asOf);
  useEffect(() => {
    if (pricedAsOf.current !== asOf) setStale(true);
  }, [asOf]);

  const onCalculate = useCallback(
    async (payload: CalculateBody, profile: CalculatedProfile): Promise<unknown> => {
      try {
        const result = await mutateAsync(asOf === undefined ? payload : { ...payload, asOf });
        pricedAsOf.current = asOf;
        setShown({ result, profile });
        setStale(false);
        toast.success('Salary calculated successfully');
        return null;
      } catch (error) {
        // A failed calculation must not leave an earlier result looking current.
        setShown(null);
        toast.error(calculationErrorMessage(error));
        return error;
      }
    },
    [mutateAsync, toast, asOf],
  );

  return (
    <>
      <PageHeader title="Salary Calculator" description="Work out the salary and its cost for a profile." />
      {canSeeSalary ? null : (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconLock size={18} />}
          mb="lg"
          title="Salaries are hidden"
          data-testid="calculator-not-permitted"
        >
          Calculating shows a salary, which needs the Show Calculated Salary permission. Ask an administrator
          for it.
        </Alert>
      )}
      {canSeeSalary ? <AsOfBar day={asOf} onChange={setAsOf} subject="pay" /> : null}
      {canSeeSalary ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CalculatorForm
              jobs={jobList ?? NONE}
              grades={gradeList ?? NONE}
              levels={levelList ?? NONE}
              options={options}
              loading={!jobList || !gradeList || !levelList}
              calculating={calculate.isPending}
              canCalculate={canSeeSalary}
              onCalculate={onCalculate}
              onEdited={onEdited}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <div ref={detailsRef} style={{ scrollMarginTop: 72 }}>
              {shown ? (
                <CalculationDetails
                  result={shown.result}
                  profile={shown.profile.label}
                  years={shown.profile}
                  stale={stale}
                  headingRef={headingRef}
                />
              ) : (
                <EmptyDetails />
              )}
            </div>
          </Grid.Col>
        </Grid>
      ) : null}
    </>
  );
}
