import { Button, EmptyState } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { LoadFailed } from '../load-failed.tsx';
import { SectionLoader } from '../section-loader.tsx';
import { SectionPanel } from '../section-panel.tsx';
import { listMessages } from './rule-messages.ts';
import type { RuleColumn } from './rules-table.tsx';

interface RulesEmptyProps {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  description?: ReactNode;
  /** A way out, e.g. a link to the section that must be filled first. */
  children?: ReactNode;
}

/** What an empty rules list says instead of a bare table header. */
export function RulesEmpty({ icon: Icon, title, description, children }: RulesEmptyProps) {
  return (
    <EmptyState
      py="xl"
      size="sm"
      withIndicatorBackground
      icon={<Icon size={22} stroke={1.6} />}
      title={title}
      description={description}
    >
      {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

/** The parts of a TanStack query a list body reads. */
export interface RuleListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

interface RuleListBodyProps<T> {
  query: RuleListQuery<T>;
  /** Plural, lower case: 'Could not load <what>'. */
  what: string;
  /** The toast when the read fails without a server message, e.g. 'Failed to fetch jobs'. */
  failureMessage: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  children(rows: T[]): ReactNode;
}

/** A rules list as it loads: a spinner, then the rows, the empty state, or a retry after a toast. */
export function RuleListBody<T>({ query, what, failureMessage, empty, children }: RuleListBodyProps<T>) {
  useLoadErrorToast(query.error, failureMessage);
  if (query.isPending) return <SectionLoader />;
  if (!query.data) {
    return (
      <LoadFailed title={`Could not load ${what}`} query={query}>
        Check your connection and try again.
      </LoadFailed>
    );
  }
  if (query.data.length === 0) return empty;
  return children(query.data);
}

interface RulesPanelProps {
  title: string;
  description: ReactNode;
  /** 'Add Job' and its handler; left out for read-only users and inline-form sections. */
  add?: { label: string; onClick(): void } | null;
  children: ReactNode;
}

/** The panel a rules section draws its list on, with its Add button top right. */
export function RulesPanel({ title, description, add, children }: RulesPanelProps) {
  return (
    <SectionPanel
      title={title}
      description={description}
      actions={
        add ? (
          <Button leftSection={<IconPlus size={16} />} onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null
      }
    >
      {children}
    </SectionPanel>
  );
}

/** An empty list's icon and what it tells those who may add rules (the rest are told to wait). */
export interface RulesEmptyText {
  icon: RulesEmptyProps['icon'];
  manage: string;
  /** The verb of the read-only line, 'sets' for base salaries: '… once someone with edit rights adds them.' */
  added?: string;
}

/** What the name-list and inline-form sections share: the panel, the list's states and its table. */
export interface RuleListSectionProps<T> {
  /** 'Jobs': the panel's title, and the list's texts (listMessages). */
  title: string;
  description: string;
  query: RuleListQuery<T>;
  /** The read's failure toast where the spec does not say 'Failed to fetch <what>'. */
  failureMessage?: string;
  empty: RulesEmptyText;
  columns: RuleColumn<T>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
}

type RulesSectionProps<T> = Omit<RulesPanelProps, 'children'> &
  Pick<RuleListSectionProps<T>, 'query' | 'failureMessage' | 'empty'> &
  Pick<RuleListBodyProps<T>, 'children'> & {
    /** Without it the section is read-only: no Add button or form, no actions, no dialogs. */
    canManage: boolean;
  };

/** A rules section whose panel holds one list: the shell every rules domain starts from. */
export function RulesSection<T>({
  title,
  description,
  add,
  canManage,
  failureMessage,
  empty,
  ...body
}: RulesSectionProps<T>) {
  const texts = listMessages(title, empty);
  return (
    <RulesPanel title={title} description={description} add={add}>
      <RuleListBody
        {...body}
        what={texts.what}
        failureMessage={failureMessage ?? texts.failureMessage}
        empty={
          <RulesEmpty
            icon={empty.icon}
            title={texts.emptyTitle}
            description={canManage ? empty.manage : texts.readOnlyEmpty}
          />
        }
      />
    </RulesPanel>
  );
}
