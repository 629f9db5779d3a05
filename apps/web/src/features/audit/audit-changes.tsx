import { Code, List, Stack, Text } from '@mantine/core';
import type { AuditChange, AuditEntry } from '@salary/shared/audit/audit.contract';
import { formatCount } from '../../lib/company-format.tsx';

/** A value as a person reads it: — for nothing, numbers and words as they are, the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** The server's words for each change ("Level: Senior → Mid"); the stored keys never show. */
function ChangeList({ changes, described }: { changes: AuditChange[]; described?: string[] }) {
  if (described)
    return described.length ? (
      <List size="sm" spacing={4}>
        {described.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the texts are fixed for the entry
          <List.Item key={i}>{text}</List.Item>
        ))}
      </List>
    ) : (
      <Text size="sm" c="dimmed">
        No field changes recorded.
      </Text>
    );
  if (!changes.length)
    return (
      <Text size="sm" c="dimmed">
        No field changes recorded.
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {changes.map((c) => (
        <List.Item key={c.field}>
          <Text span fw={600} size="sm">
            {c.field}
          </Text>
          : <Code>{valueText(c.before)}</Code> → <Code>{valueText(c.after)}</Code>
        </List.Item>
      ))}
    </List>
  );
}

interface ImportDetails {
  created?: number;
  /** The import records `changed`; `updated` is kept for entries written before it did. */
  changed?: number;
  updated?: number;
  /** A revert's counts. */
  deleted?: number;
  restored?: number;
  /** The first 50 employees the entry created or changed (the server sends no more)… */
  employees?: { id: number; name: string; changes: AuditChange[]; described?: string[] }[];
  /** …of this many. */
  employeeCount?: number;
}

/**
 * The readable change list of one entry (an import or its revert: its counts and each
 * employee's changes).
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  if (entry.entityType === 'import') {
    const details = (entry.details ?? {}) as ImportDetails;
    const employees = details.employees ?? [];
    const shown = Math.min(employees.length, 50);
    const total = details.employeeCount ?? employees.length;
    return (
      <Stack gap="xs">
        <Text size="sm">
          {entry.action === 'revert'
            ? `${details.deleted ?? 0} deleted, ${details.restored ?? 0} restored`
            : `${details.created ?? 0} created, ${details.changed ?? details.updated ?? 0} updated`}
        </Text>
        {employees.slice(0, 50).map((e) => (
          <div key={e.id}>
            <Text size="sm" fw={600}>
              {e.name} (#{e.id})
            </Text>
            <ChangeList changes={e.changes} described={e.described} />
          </div>
        ))}
        {total > shown ? (
          <Text size="sm" c="dimmed">
            and {formatCount(total - shown)} more employees
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <ChangeList changes={entry.changes} described={entry.described} />;
}
