import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useCanManageSettings } from '../../lib/permissions.ts';
import type { UpdateRequest } from '../../lib/update-request.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { type DeleteOptions, useConfirmedDelete } from '../use-confirmed-delete.ts';
import { useMoveActions } from './move-actions.tsx';
import { NameFormModal, type NameValues } from './name-form-modal.tsx';
import { RowIconActions } from './row-actions.tsx';
import { deleteMessages, type SaveMessages, saveMessages } from './rule-messages.ts';
import { type RuleListSectionProps, RulesSection } from './rules-section.tsx';
import { RulesTable } from './rules-table.tsx';
import { useRuleModal } from './use-rule-modal.tsx';

interface NamedRule {
  id: number;
  name: string;
}

interface NameRulesSectionProps<T extends NamedRule> extends RuleListSectionProps<T> {
  /** The rule as titles name it, 'Job': the button and modal read 'Add Job' / 'Edit Job'. */
  noun: string;
  /** The shared contract that checks the name (createJobBody…). */
  schema: z.ZodType<NameValues, NameValues>;
  /** The domain's create and update mutations (useCreateJob(), useUpdateJob()). */
  creating: { mutateAsync(body: NameValues): Promise<unknown> };
  updating: { mutateAsync(request: UpdateRequest<NameValues>): Promise<unknown> };
  /** Toasts; by default from the noun ('Job created successfully', 'Failed to create job'). */
  messages?: SaveMessages;
  /** The domain's delete mutation, when it allows one; its toasts and prompt come from the noun. */
  deleting?: DeleteOptions<T>['mutation'];
  /** Row actions of the domain's own, before Edit (the grades' Up and Down). */
  ownActions?(row: T, index: number, rows: T[]): ReactNode;
}

/** For domains without Delete (grades, levels): the hook still runs, its dialog never opens. */
const NO_DELETE = {
  mutation: { mutateAsync: () => Promise.resolve(), isPending: false },
  deleted: '',
  failed: '',
};

/**
 * A rules section that is a list of names (jobs, grades, levels): the table, Add and Edit in a
 * name modal, Delete after a confirmation where the domain has one.
 */
export function NameRulesSection<T extends NamedRule>({
  columns,
  minWidth,
  noun,
  schema,
  creating,
  updating,
  messages = saveMessages(noun),
  deleting,
  ownActions,
  ...list
}: NameRulesSectionProps<T>) {
  const canManage = useCanManageSettings();
  const modal = useRuleModal<T, NameValues>({
    create: creating.mutateAsync,
    update: (id, body) => updating.mutateAsync({ id, body }),
    created: messages.created,
    updated: messages.updated,
  });
  const deleteTexts = deleteMessages(noun);
  const remove = useConfirmedDelete<T>({
    ...(deleting ? { mutation: deleting, ...deleteTexts } : NO_DELETE),
    itemName: (row) => row.name,
  });

  return (
    <>
      <RulesSection
        {...list}
        canManage={canManage}
        add={canManage ? { label: `Add ${noun}`, onClick: modal.openAdd } : null}
      >
        {(rows) => (
          <RulesTable
            rows={rows}
            columns={columns}
            minWidth={minWidth}
            actions={
              canManage
                ? (row, index) => (
                    <RowIconActions
                      name={row.name}
                      onEdit={() => modal.openEdit(row)}
                      onDelete={deleting ? () => remove.ask(row) : undefined}
                    >
                      {ownActions?.(row, index, rows)}
                    </RowIconActions>
                  )
                : undefined
            }
          />
        )}
      </RulesSection>
      {canManage ? (
        <NameFormModal
          opened={modal.opened}
          title={`${modal.editing ? 'Edit' : 'Add'} ${noun}`}
          schema={schema}
          defaultValues={{ name: modal.editing?.name ?? '' }}
          failureMessage={modal.editing ? messages.updateFailed : messages.createFailed}
          onSubmit={modal.save}
          onClose={modal.close}
        />
      ) : null}
      {modal.staleDialog}
      {canManage && deleting ? (
        <ConfirmDialog
          title={deleteTexts.confirmTitle}
          message={deleteTexts.confirmMessage}
          {...remove.confirmProps}
        />
      ) : null}
    </>
  );
}

/**
 * A list of names with an order of its own (grades, levels): Up and Down, before Edit, move a row
 * one place through `reordering`; a refused move says 'Failed to reorder <title>'.
 */
export function OrderedNameRulesSection<T extends NamedRule & { order: number }>({
  reordering,
  ...section
}: Omit<NameRulesSectionProps<T>, 'ownActions'> & {
  reordering: Parameters<typeof useMoveActions>[1];
}) {
  const moves = useMoveActions(
    section.query.data,
    reordering,
    `Failed to reorder ${section.title.toLowerCase()}`,
  );
  return <NameRulesSection {...section} ownActions={moves} />;
}
