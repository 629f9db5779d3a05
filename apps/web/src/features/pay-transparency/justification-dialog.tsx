import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { CategoryKind, PayCategory } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSaveJustification } from './api/save-justification.ts';
import { formatPercent } from './pay-format.ts';

/** The admin's justification of a flagged category: objective, gender-neutral criteria. */
export function JustificationDialog({
  kind,
  category,
  onClose,
}: {
  kind: CategoryKind;
  category: PayCategory | null;
  onClose(): void;
}) {
  const toast = useToast();
  const save = useSaveJustification();
  const [text, setText] = useState(category?.justification?.text ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!category) return;
    if (!text.trim()) {
      setError('Justification is required');
      return;
    }
    try {
      await save.mutateAsync({ categoryKind: kind, categoryKey: category.key, text });
      toast.success('Justification saved');
      onClose();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to save justification'));
    }
  };

  return (
    <Modal opened={category !== null} onClose={onClose} title="Justify a pay gap" size="lg">
      {category ? (
        <Stack gap="md">
          <Text size="sm">
            {category.name}: pay gap {formatPercent(category.payGap)} ({category.female} women,{' '}
            {category.male} men). Record the objective, gender-neutral criteria that explain it.
          </Text>
          <Textarea
            label="Justification"
            required
            autosize
            minRows={4}
            maxLength={4000}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
          />
          {category.justification ? (
            <Text size="xs" c="dimmed">
              Last saved by {category.justification.authorEmail} at {category.justification.updatedAt}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save justification
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
