import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BenefitChoiceView } from '@salary/shared/employees/benefit-choice.contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { savedToast } from '../../lib/dated/effective-day.ts';
import { usePermission } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useBenefitChoice, usePutBenefitChoice } from './api/individual-pay.ts';

/*
 * Edit Employee → Benefits: the company's benefits (Settings → Benefits) this employee receives,
 * all of them unless unticked, from a day (empty: today). Shown to whoever sees its pay or cost
 * or edits it; the ticks and Save with Edit Employee.
 */

export function BenefitChoicePanel({ employeeId }: { employeeId: number }) {
  const salary = usePermission('showSalary');
  const cost = usePermission('showCost');
  const manage = usePermission('manageEmployee');
  const choice = useBenefitChoice(employeeId, salary || cost || manage);
  if (!choice.data || choice.data.benefits.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      component="section"
      aria-label="Benefits"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Benefits
        </Title>
        <BenefitChoiceForm
          key={`${employeeId}@${choice.data.version}`}
          employeeId={employeeId}
          view={choice.data}
          editable={manage}
        />
      </Stack>
    </Paper>
  );
}

function BenefitChoiceForm({
  employeeId,
  view,
  editable,
}: {
  employeeId: number;
  view: BenefitChoiceView;
  editable: boolean;
}) {
  const toast = useToast();
  const put = usePutBenefitChoice();
  const [received, setReceived] = useState(
    () => new Set(view.benefits.filter((b) => b.received).map((b) => b.name)),
  );
  const [effectiveFrom, setEffectiveFrom] = useState('');

  const save = async () => {
    const excludedBenefits = view.benefits.filter((b) => !received.has(b.name)).map((b) => b.name);
    try {
      await put.mutateAsync({
        id: employeeId,
        body: { excludedBenefits, version: view.version },
        effectiveFrom: effectiveFrom || undefined,
      });
      toast.success(savedToast('Benefits saved successfully', effectiveFrom));
    } catch (error) {
      toast.error(errorMessage(error, 'Operation failed'));
    }
  };

  return (
    <form
      noValidate
      aria-label="Benefits received"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Every company benefit is received unless unticked.
        </Text>
        {view.benefits.map((b) => (
          <Checkbox
            key={b.name}
            label={b.name}
            checked={received.has(b.name)}
            disabled={!editable}
            onChange={(event) => {
              const next = new Set(received);
              if (event.currentTarget.checked) next.add(b.name);
              else next.delete(b.name);
              setReceived(next);
            }}
          />
        ))}
        {editable ? (
          <Group align="flex-end" justify="space-between">
            <TextInput
              type="date"
              label="Effective from"
              description="Empty: today. A day to come schedules it; a past day owes back pay."
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
            />
            <Button type="submit" loading={put.isPending}>
              Save benefits
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
