import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePermission } from '../../lib/permissions.ts';

/** Which pay figures the user may see: gross with showSalary, cost with showCost. */
export interface PayShown {
  gross: boolean;
  cost: boolean;
}

export function usePayShown(): PayShown {
  return { gross: usePermission('showSalary'), cost: usePermission('showCost') };
}

/** The Gross Salary and Total Cost headers, each only for those who may see it. */
export function PayHeaders({ shown }: { shown: PayShown }) {
  return (
    <>
      {shown.gross ? <Table.Th>Gross Salary</Table.Th> : null}
      {shown.cost ? <Table.Th>Total Cost</Table.Th> : null}
    </>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A row's gross and cost, each on one line and only for those who may see it. */
export function PayCells({ shown, gross, cost }: { shown: PayShown; gross: ReactNode; cost: ReactNode }) {
  return (
    <>
      {shown.gross ? <Table.Td style={NO_WRAP}>{gross}</Table.Td> : null}
      {shown.cost ? <Table.Td style={NO_WRAP}>{cost}</Table.Td> : null}
    </>
  );
}

/** A pay panel's read in words while it loads or once it failed ('pay history'), else `children` of the answer. */
export function PayRead<T>({
  query,
  what,
  children,
}: {
  query: { isError: boolean; data: T | undefined };
  what: string;
  children(data: T): ReactNode;
}) {
  if (query.isError) return <Text c="red.8">{`Failed to load ${what}`}</Text>;
  if (query.data === undefined) return <Text c="dimmed">{`Loading ${what}...`}</Text>;
  return children(query.data);
}
