import { Alert, Anchor, Box, Stack, Text, TextInput } from '@mantine/core';
import { isCalendarDay, todayIn } from '@salary/shared/common/calendar-day';
import { IconCalendarTime } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { companyFormat, formatDay } from '../lib/company-format.tsx';

/*
 * The As of day of the screens that read pay (the directory, Pay Overview, the calculator, the
 * pay transparency report): `?asOf=YYYY-MM-DD` in the address, absent for today. Another day
 * reads that day's figures and offers no writes: the screen shows a day, the writes change today.
 */

/** The company's today (its time zone). */
export const companyToday = () => todayIn(companyFormat().timeZone);

/** The address's As of day when it is a real day other than today; otherwise undefined (today). */
export function asOfFromParams(params: URLSearchParams, today = companyToday()): string | undefined {
  const day = params.get('asOf');
  return day !== null && isCalendarDay(day) && day !== today ? day : undefined;
}

/** `params` with the As of day (absent, today or not a day: removed), the rest kept. */
export function withAsOf(
  params: URLSearchParams,
  day: string | undefined,
  today = companyToday(),
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (day === undefined || day === today || !isCalendarDay(day)) next.delete('asOf');
  else next.set('asOf', day);
  return next;
}

/** The address's As of day (undefined: today) and a way to change it (undefined: back to today). */
export function useAsOf(): [string | undefined, (day: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the address's content.
  const asOf = useMemo(() => asOfFromParams(params), [search]);
  const setAsOf = useCallback(
    (day: string | undefined) => setParams((current) => withAsOf(current, day)),
    [setParams],
  );
  return [asOf, setAsOf];
}

/** Shown while a screen reads another day than today: which day, and the way back. */
export function AsOfBanner({
  day,
  subject = 'the directory',
  onBackToToday,
}: {
  day: string;
  /** What is shown as of the day: "Showing <subject> as of 31 Mar 2026". */
  subject?: string;
  onBackToToday(): void;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconCalendarTime size={18} aria-hidden />}
      role="status"
      data-testid="as-of-banner"
    >
      <Text size="sm">
        Showing {subject} as of <strong>{formatDay(day)}</strong> —{' '}
        <Anchor component="button" type="button" size="sm" onClick={onBackToToday} fw={500}>
          Back to today
        </Anchor>
      </Text>
    </Alert>
  );
}

/**
 * The As of day: today unless another is picked. The field keeps what is typed while a day is
 * typed in part (the browser's date field answers '' then, and a year being typed reads 0002,
 * 0020, 0202): only a whole day from year 1000 on is applied. Back to today is the banner's.
 */
export function AsOfInput({
  day,
  onChange,
  w,
}: {
  day: string | undefined;
  onChange(day: string | undefined): void;
  w?: number | string;
}) {
  const shown = day ?? companyToday();
  const [draft, setDraft] = useState(shown);
  // The day this field last applied: its echo from the address must not overwrite a year being
  // typed meanwhile; a change from elsewhere (Back to today, Back) replaces the draft.
  const applied = useRef(shown);
  useEffect(() => {
    if (shown !== applied.current) setDraft(shown);
    applied.current = shown;
  }, [shown]);
  return (
    <TextInput
      type="date"
      label="As of"
      name="asOf"
      w={w}
      value={draft}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft(value);
        if (!isCalendarDay(value) || Number(value.slice(0, 4)) < 1000) return;
        applied.current = value;
        onChange(value);
      }}
    />
  );
}

/** A page's As of day over its figures: the field, and the banner while the day is not today. */
export function AsOfBar({
  day,
  onChange,
  subject,
}: {
  day: string | undefined;
  onChange(day: string | undefined): void;
  /** What the banner says is shown as of the day. */
  subject: string;
}) {
  return (
    <Stack gap="md" mb="lg">
      <Box maw={220}>
        <AsOfInput day={day} onChange={onChange} />
      </Box>
      {day !== undefined ? (
        <AsOfBanner day={day} subject={subject} onBackToToday={() => onChange(undefined)} />
      ) : null}
    </Stack>
  );
}
