import { Button, Group, Text } from '@mantine/core';
import type { AuditEntry } from '@salary/shared/audit/audit.contract';
import { BACK_PAY_FILE_NAME, type BackPay } from '@salary/shared/impact/impact.contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDay, formatMoney } from '../../lib/company-format.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { useToast } from '../../lib/toast/toast-context.ts';

/** The back pay an entry kept (a change dated in the past), or undefined. */
export function backPayOf(entry: AuditEntry): BackPay | undefined {
  const found = (entry.details as { backPay?: BackPay } | null)?.backPay;
  return found && Array.isArray(found.employees) ? found : undefined;
}

/** The back pay line of an Audit Log entry: the period, the totals, and the download of it all. */
export function EntryBackPay({ entry }: { entry: AuditEntry }) {
  const backPay = backPayOf(entry);
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  if (!backPay) return null;
  const totals = [
    backPay.totals.gross !== undefined ? `${formatMoney(backPay.totals.gross)} gross` : null,
    backPay.totals.cost !== undefined ? `${formatMoney(backPay.totals.cost)} total cost` : null,
  ].filter(Boolean);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/audit/${entry.id}/back-pay.xlsx`, BACK_PAY_FILE_NAME);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download back pay'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="xs" mt={4} wrap="wrap" data-testid={`back-pay-${entry.id}`}>
      <Text size="sm">
        Back pay owed ({formatDay(backPay.from)} to {formatDay(backPay.to)}): {totals.join(', ')}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconDownload size={14} />}
        loading={downloading}
        onClick={download}
        aria-label={`Download back pay of entry ${entry.id}`}
      >
        Download back pay
      </Button>
    </Group>
  );
}
