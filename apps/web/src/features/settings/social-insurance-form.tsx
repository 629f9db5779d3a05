import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Settings, SocialInsuranceType } from '@salary/shared/settings/settings.contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { FormCheckbox, FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { FormSaveBar } from '../../components/unsaved-changes.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { PendingSettingsChanges } from './pending-settings-changes.tsx';
import { formatPercent } from './settings-format.ts';
import {
  employeeSharePercent,
  SOCIAL_INSURANCE_FIELDS,
  SOCIAL_INSURANCE_TYPE_OPTIONS,
  type SocialInsuranceFormOutput,
  type SocialInsuranceFormValues,
  socialInsuranceForm,
  socialInsuranceFormValues,
  withHiddenFieldsKept,
} from './social-insurance-values.ts';
import { useSettingsSave } from './use-settings-save.ts';

interface SocialInsuranceFormProps {
  /** Mount keyed by its version, so a save or a reload shows what the server holds. */
  current: Settings;
  readOnly: boolean;
}

export function SocialInsuranceForm({ current, readOnly }: SocialInsuranceFormProps) {
  const settings = useSettingsSave(current);
  const schemaResolver = zodResolver(socialInsuranceForm);
  const resolver: Resolver<SocialInsuranceFormValues, unknown, SocialInsuranceFormOutput> = (
    values,
    context,
    options,
  ) => schemaResolver(withHiddenFieldsKept(values, current), context, options);
  const form = useForm<SocialInsuranceFormValues, unknown, SocialInsuranceFormOutput>({
    resolver,
    defaultValues: socialInsuranceFormValues(current),
  });
  const [method, company] = form.watch(['socialInsuranceType', 'companyInsurancePercentage']);
  const employeeShare = employeeSharePercent(company);
  // null until "change" is opened; the save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const day = effectiveFrom || undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await settings.save(
      values,
      {
        saved: 'Social insurance settings updated successfully',
        failed: 'Failed to update settings',
        onFailed: (error) => applyServerFieldErrors(error, form.setError, SOCIAL_INSURANCE_FIELDS),
      },
      day,
    );
    if (saved) setEffectiveFrom(null);
    // Scheduled: today's record stands, so the form goes back to its values; the change waits below.
    if (saved === 'scheduled') form.reset(socialInsuranceFormValues(current));
    else if (saved) form.reset(form.getValues());
  });

  const onPreview = form.handleSubmit((values) =>
    settings.preview(
      values,
      { onFailed: (error) => applyServerFieldErrors(error, form.setError, SOCIAL_INSURANCE_FIELDS) },
      day,
    ),
  );

  const percentInput = {
    control: form.control,
    min: 0,
    max: 100,
    step: 0.01,
    rightSection: '%',
    rightSectionPointerEvents: 'none' as const,
    hideControls: true,
    // Read-only rather than disabled, so the values stay easy to read for someone who may only look.
    readOnly,
    variant: readOnly ? ('filled' as const) : ('default' as const),
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Social insurance">
      <Stack gap="lg">
        <FormCheckbox
          control={form.control}
          name="socialInsuranceEnabled"
          label="Enable social insurance"
          description="When on, the calculator takes social insurance from the gross salary."
          disabled={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={760}>
          <FormSelect
            control={form.control}
            name="socialInsuranceType"
            label="Payment method"
            description="Who pays the insurance"
            data={SOCIAL_INSURANCE_TYPE_OPTIONS}
            allowDeselect={false}
            fallback={'COMPANY_FULL' satisfies SocialInsuranceType}
            readOnly={readOnly}
            variant={readOnly ? 'filled' : 'default'}
          />
          <FormNumberInput
            name="totalInsurancePercentage"
            label="Total percentage"
            description="Of the gross salary"
            {...percentInput}
          />
          {method === 'COMPANY_PERCENTAGE' ? (
            <>
              <FormNumberInput
                name="companyInsurancePercentage"
                label="Company percentage"
                description="The company's share of the insurance"
                {...percentInput}
              />
              <TextInput
                label="Employee percentage"
                description="100 minus the company percentage"
                value={employeeShare === null ? '—' : formatPercent(employeeShare)}
                readOnly
                variant="filled"
                data-testid="employee-share"
              />
            </>
          ) : null}
        </SimpleGrid>
        <PendingSettingsChanges fields={SOCIAL_INSURANCE_FIELDS} current={current} />
        {readOnly ? null : <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />}
        {readOnly ? null : (
          <FormSaveBar
            dirty={form.formState.isDirty}
            saved={form.formState.isSubmitSuccessful}
            saving={settings.isPending}
          >
            <Button variant="default" onClick={onPreview} disabled={settings.isPending}>
              Preview impact
            </Button>
          </FormSaveBar>
        )}
      </Stack>
      {settings.dialog}
    </form>
  );
}
