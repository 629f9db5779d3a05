import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type Company,
  type CompanyFormValues,
  canonicalTimeZone,
  isSupportedLocale,
  STANDARD_WEEKLY_HOURS_LABEL,
  type UpdateCompanyInput,
  updateCompanyBody,
} from '@salary/shared/company/company.contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { LoadingOrFailed } from '../../components/load-failed.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { FormSaveBar } from '../../components/unsaved-changes.tsx';
import { sampleIn, useCompany } from '../../lib/company-format.tsx';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useUpdateCompany } from './api/update-company.ts';
import { currencyOptions, localeOptions, timeZoneOptions } from './company-options.ts';

const FIELDS = ['companyName', 'currency', 'locale', 'timeZone', 'standardWeeklyHours'] as const;

/** Settings → Company: the name, currency, number and date format and time zone every screen uses. */
export default function CompanySection() {
  const company = useCompany();
  useLoadErrorToast(company.error, 'Failed to fetch the company settings');
  const canManage = useCanManageSettings();
  return (
    <SectionPanel
      title="Company"
      description="The company's name, the currency of every amount, how numbers and dates are written and the time zone times are shown in."
    >
      {company.data ? (
        <CompanyForm key={company.data.version} current={company.data} readOnly={!canManage} />
      ) : (
        <LoadingOrFailed title="Company settings not loaded" query={company}>
          The company settings could not be loaded.
        </LoadingOrFailed>
      )}
    </SectionPanel>
  );
}

/** What the saved choices look like, as every screen will show them. */
function Sample({ currency, locale, timeZone }: { currency: string; locale: string; timeZone: string }) {
  const zone = canonicalTimeZone(timeZone);
  if (!isSupportedLocale(locale) || !zone || !/^[A-Z]{3}$/.test(currency)) return null;
  let text: string;
  try {
    text = sampleIn({ currency, locale, timeZone: zone });
  } catch {
    return null;
  }
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="company-sample">
      Shown as: {text}
    </Text>
  );
}

function CompanyForm({ current, readOnly }: { current: Company; readOnly: boolean }) {
  const mutation = useUpdateCompany();
  const form = useForm<CompanyFormValues, unknown, UpdateCompanyInput>({
    resolver: zodResolver(updateCompanyBody),
    defaultValues: {
      companyName: current.companyName ?? '',
      currency: current.currency,
      locale: current.locale,
      timeZone: current.timeZone,
      standardWeeklyHours: current.standardWeeklyHours,
      version: current.version,
    },
  });
  const currencies = useMemo(currencyOptions, []);
  const locales = useMemo(() => localeOptions(current.locale), [current.locale]);
  const zones = useMemo(() => timeZoneOptions(current.timeZone), [current.timeZone]);
  const [currency, locale, timeZone] = form.watch(['currency', 'locale', 'timeZone']);

  const submit = useServerSubmit(form.setError, FIELDS);
  const onSubmit = form.handleSubmit((values) =>
    submit(() => mutation.mutateAsync(values), {
      saved: 'Company settings saved',
      failed: 'Failed to save the company settings',
    }),
  );

  const view = { readOnly, variant: readOnly ? ('filled' as const) : ('default' as const) };
  // The three searchable choices, each from its own list.
  const pickers = [
    {
      name: 'currency',
      label: 'Currency',
      description: 'Every amount is in it; only currencies with cents',
      data: currencies,
    },
    {
      name: 'locale',
      label: 'Number and date format',
      description: 'How amounts, numbers and dates are written',
      data: locales,
    },
    {
      name: 'timeZone',
      label: 'Time zone',
      description: 'Times are shown in it, with its name',
      data: zones,
      limit: 200,
    },
  ] as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Company">
      <Stack gap="lg">
        {readOnly ? (
          <Text size="sm" c="dimmed">
            You can view these settings. Changing them needs the Edit/Delete Settings permission.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={760}>
          <FormTextInput
            control={form.control}
            name="companyName"
            label="Company name"
            description="Named on the pay statement and the reports"
            required
            {...view}
          />
          {pickers.map(({ name, ...picker }) => (
            <FormSelect
              key={name}
              control={form.control}
              name={name}
              searchable
              allowDeselect={false}
              {...picker}
              {...view}
            />
          ))}
          <FormNumberInput
            control={form.control}
            name="standardWeeklyHours"
            label={STANDARD_WEEKLY_HOURS_LABEL}
            description="Contracted hours a week of an employee whose hours are not given"
            min={0}
            max={168}
            step={1}
            required
            {...view}
          />
        </SimpleGrid>
        <Sample currency={currency ?? ''} locale={locale ?? ''} timeZone={timeZone ?? ''} />
        {readOnly ? null : (
          <FormSaveBar
            dirty={form.formState.isDirty}
            saved={form.formState.isSubmitSuccessful}
            saving={mutation.isPending}
          />
        )}
      </Stack>
    </form>
  );
}
