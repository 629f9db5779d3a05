import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  AUDIT_ACTION_WORDS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditEntry,
} from '@salary/shared/audit/audit.contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ChangeEvent, Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminOnly } from '../../components/admin-only.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/company-format.tsx';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { type AuditFilterValues, useAuditLog } from './api/get-audit.ts';
import { AuditChanges } from './audit-changes.tsx';
import { EntryBackPay } from './entry-back-pay.tsx';
import { RevertEntry, undoneBy } from './revert-entry.tsx';
import { RevertImport } from './revert-import.tsx';

const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] }));

function AuditRow({
  entry,
  revertedBy,
  undone,
}: {
  entry: AuditEntry;
  revertedBy?: AuditEntry;
  /** The later entry that reverted or restored this one, when loaded. */
  undone?: AuditEntry;
}) {
  const [open, setOpen] = useState(false);
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <UnstyledButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} changes of entry ${entry.id}`}
          >
            <Icon size={16} />
          </UnstyledButton>
        </Table.Td>
        <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at)}
        </Table.Td>
        <Table.Td visibleFrom="sm">{entry.actorEmail}</Table.Td>
        <Table.Td visibleFrom="sm">{AUDIT_ACTION_WORDS[entry.action] ?? entry.action}</Table.Td>
        <Table.Td>
          {/* On a phone the change comes first; when and who go under it. */}
          {entry.summary}
          <Text hiddenFrom="sm" size="xs" c="dimmed">
            {formatDateTime(entry.at)} · {entry.actorEmail}
          </Text>
          <EntryBackPay entry={entry} />
          <RevertEntry entry={entry} undone={undone} />
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={4}>
            <Stack gap="sm">
              <AuditChanges entry={entry} />
              {entry.action === 'import' && entry.entityType === 'import' ? (
                <RevertImport entry={entry} revertedBy={revertedBy} />
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

type TextFilter = 'record' | 'actor' | 'from' | 'to';

function AuditLog() {
  const [params] = useSearchParams();
  const start = Number(params.get('before')) || undefined;
  const [draft, setDraft] = useState<AuditFilterValues>({});
  const [filters, setFilters] = useState<AuditFilterValues>({ start });
  const log = useAuditLog(filters);
  useLoadErrorToast(log.error, 'Failed to load the audit log');
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  // An import's revert, when the loaded pages hold it (the server refuses a second one anyway).
  const reverts = new Map(
    entries.filter((e) => e.action === 'revert' && e.entityType === 'import').map((e) => [e.entityId, e]),
  );
  const set = (key: keyof AuditFilterValues) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value || undefined }));
  // A text filter's input: its draft value, and an emptied input clears the filter.
  const textFilter = (key: TextFilter) => ({
    value: draft[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
  });

  return (
    <SectionPanel title="Audit Log" description="Every change, who made it and when, newest first.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" mb="md">
          <Select
            label="Record type"
            placeholder="Any"
            data={ENTITY_OPTIONS}
            value={draft.entityType ?? null}
            onChange={set('entityType')}
            clearable
          />
          {/* By name, as the entries show it: the UI never shows a record's id. */}
          <TextInput label="Record" placeholder="Name, e.g. Ana Lima" {...textFilter('record')} />
          <TextInput label="User" placeholder="Email or user ID" {...textFilter('actor')} />
          <TextInput label="From" type="date" {...textFilter('from')} />
          <TextInput label="To" type="date" {...textFilter('to')} />
        </SimpleGrid>
        <Group gap="sm" mb="md">
          <Button type="submit">Apply Filters</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              setFilters({});
            }}
          >
            Clear
          </Button>
        </Group>
      </form>
      {log.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(log.error, 'Failed to load the audit log')}
        </Alert>
      ) : log.isPending ? (
        <Text c="dimmed">Loading audit log...</Text>
      ) : entries.length === 0 ? (
        <Text c="dimmed">No audit entries found</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={300}>
            <Table striped verticalSpacing="xs" aria-label="Audit entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-label="Details" w={32} />
                  <Table.Th visibleFrom="sm">When</Table.Th>
                  <Table.Th visibleFrom="sm">User</Table.Th>
                  <Table.Th visibleFrom="sm">Action</Table.Th>
                  <Table.Th>Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <AuditRow
                    key={entry.id}
                    entry={entry}
                    revertedBy={reverts.get(String(entry.id))}
                    undone={undoneBy(entry, entries)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
                Load Older Entries
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </SectionPanel>
  );
}

/** Settings → Audit Log: admins only; everyone else reaching the URL sees 'Access denied'. */
export default function AuditLogSection() {
  return (
    <AdminOnly denied="Only administrators can read the audit log.">
      <AuditLog />
    </AdminOnly>
  );
}
