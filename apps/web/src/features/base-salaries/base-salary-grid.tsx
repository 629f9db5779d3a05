import { Box, Button, Table, Text, TextInput } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { ScheduledRuleNote } from '../../components/scheduled-rule-note.tsx';
import { useStaleVersion } from '../../components/stale-version-dialog.tsx';
import { SaveBar, UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { formatDay, formatMoney } from '../../lib/company-format.tsx';
import { isScheduledDay, savedToast } from '../../lib/dated/effective-day.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useSaveBaseSalaryCells } from './api/save-base-salary-cells.ts';
import {
  cellKey,
  changedCells,
  type GridCell,
  parseBlock,
  pasteBlock,
  storedTexts,
} from './salary-grid-model.ts';

const SAVED = 'Base salaries saved successfully';
const FAILED = 'Failed to save base salaries';
const BAD_CELLS = 'Some cells are not valid amounts; nothing was saved';

interface BaseSalaryGridProps {
  grades: Grade[];
  levels: Level[];
  stored: BaseSalary[];
  canManage: boolean;
}

/**
 * Settings → Base Salaries, Grid view: grades down, levels across, every cell editable in
 * place. Tab, Enter and the arrows move like a spreadsheet; a block pasted from Excel or
 * LibreOffice fills the cells from the focused one; one Save sends every changed cell in one
 * call (one transaction), refused whole with the bad cells marked.
 */
export function BaseSalaryGrid({ grades, levels, stored, canManage }: BaseSalaryGridProps) {
  const toast = useToast();
  const mutation = useSaveBaseSalaryCells();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  // null until "change" is opened; the save then names the day (empty: today).
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const stale = useStaleVersion();
  const queryClient = useQueryClient();
  // The version of each edited cell's base salary when its edit began (0: it had none): the
  // save sends it, so a cell someone else saved meanwhile is refused, not overwritten.
  const readAt = useRef(new Map<string, number>());
  const versionNow = (key: string) => stored.find((b) => cellKey(b.gradeId, b.levelId) === key)?.version ?? 0;
  const noteRead = (key: string) => {
    if (!readAt.current.has(key)) readAt.current.set(key, versionNow(key));
  };

  const rows = useMemo(() => [...grades].sort((a, b) => a.order - b.order || a.id - b.id), [grades]);
  const keys = useMemo(() => rows.map((g) => levels.map((l) => cellKey(g.id, l.id))), [rows, levels]);
  const order = useMemo(
    () => rows.flatMap((g) => levels.map((l) => ({ gradeId: g.id, levelId: l.id }))),
    [rows, levels],
  );
  const saved = useMemo(() => storedTexts(stored), [stored]);
  // Each stored cell's band, under its amount: "Band 4,500.00–5,500.00".
  const bands = useMemo(
    () =>
      Object.fromEntries(
        stored.map((b) => [
          cellKey(b.gradeId, b.levelId),
          `Band ${formatMoney(b.band.min)}–${formatMoney(b.band.max)}`,
        ]),
      ),
    [stored],
  );
  const changes = changedCells(edits, saved, order);
  const dirty = changes.cells.length > 0 || Object.keys(changes.problems).length > 0;
  const names = (key: string) => {
    const [g, l] = key.split(':').map(Number);
    return `${rows.find((r) => r.id === g)?.name ?? ''} / ${levels.find((r) => r.id === l)?.name ?? ''}`;
  };

  const focusCell = (row: number, col: number) => {
    const key =
      keys[Math.max(0, Math.min(row, keys.length - 1))]?.[Math.max(0, Math.min(col, levels.length - 1))];
    if (key) inputs.current.get(key)?.focus();
  };

  const onKeyDown = (row: number, col: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // Like a spreadsheet: with the whole cell selected (as focus leaves it) the arrows move;
    // while editing inside the text they move the caret until it reaches an end.
    const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const atStart = all || (input.selectionStart === 0 && input.selectionEnd === 0);
    const atEnd =
      all || (input.selectionStart === input.value.length && input.selectionEnd === input.value.length);
    const move = (r: number, c: number) => {
      event.preventDefault();
      focusCell(r, c);
    };
    if (event.key === 'Enter') move(event.shiftKey ? row - 1 : row + 1, col);
    else if (event.key === 'ArrowDown') move(row + 1, col);
    else if (event.key === 'ArrowUp') move(row - 1, col);
    else if (event.key === 'ArrowLeft' && atStart) move(row, col - 1);
    else if (event.key === 'ArrowRight' && atEnd) move(row, col + 1);
  };

  const setCell = (key: string, text: string) => {
    noteRead(key);
    setEdits((current) => ({ ...current, [key]: text }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const onPaste = (row: number, col: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    // A single value pastes into the cell as usual; a block fills the cells from here.
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    const { texts, dropped } = pasteBlock(parseBlock(text), { row, col }, keys);
    for (const key of Object.keys(texts)) noteRead(key);
    setEdits((current) => ({ ...current, ...texts }));
    setProblems({});
    const filled = Object.keys(texts).length;
    setNote(
      `Pasted ${filled} ${filled === 1 ? 'cell' : 'cells'}${dropped ? `; ${dropped} fell outside the grid and were left out` : ''}.`,
    );
  };

  /** The one save: every changed cell through one bulk call (a preview step can sit in front). */
  const save = async (cells: GridCell[] = changes.cells) => {
    if (Object.keys(changes.problems).length > 0) {
      setProblems(changes.problems);
      toast.error(BAD_CELLS);
      const first = Object.keys(changes.problems)[0];
      if (first) inputs.current.get(first)?.focus();
      return;
    }
    if (cells.length === 0) return;
    const day = effectiveFrom || undefined;
    const send = async (versions: number[]) => {
      const body = { cells: cells.map((cell, i) => ({ ...cell, version: versions[i] })) };
      const result = await mutation.mutateAsync(day ? { body, effectiveFrom: day } : { body });
      setEdits({});
      setProblems({});
      readAt.current.clear();
      const counts = `${result.created} created, ${result.updated} updated, ${result.deleted} cleared.`;
      // A day to come: today's amounts stay in the cells, each change waits under its cell.
      setNote(isScheduledDay(day) ? `Scheduled from ${formatDay(day)}: ${counts}` : `Saved: ${counts}`);
      toast.success(savedToast(SAVED, day));
      setEffectiveFrom(null);
    };
    const versions = cells.map((cell) => {
      const key = cellKey(cell.gradeId, cell.levelId);
      return readAt.current.get(key) ?? versionNow(key);
    });
    try {
      await send(versions);
    } catch (error) {
      // Cells someone else saved since: Reload (drop my edits) or Apply anyway (their versions now).
      const offered = stale.offer(error, {
        apply: async () => {
          const now = [...versions];
          const data = (isApiError(error) ? error.details : null) as {
            rows?: { index: number; version: number }[];
          } | null;
          for (const row of data?.rows ?? []) now[row.index] = row.version;
          await send(now);
        },
        reload: async () => {
          discard();
          await queryClient.invalidateQueries();
        },
      });
      if (offered) return;
      const marked: Record<string, string> = {};
      if (isApiError(error)) {
        for (const problem of error.fields) {
          const index = Number(problem.field.split('.')[1]);
          const cell = cells[index];
          if (cell) marked[cellKey(cell.gradeId, cell.levelId)] = problem.message;
        }
      }
      setProblems(marked);
      toast.error(errorMessage(error, FAILED));
    }
  };

  const discard = () => {
    readAt.current.clear();
    setEdits({});
    setProblems({});
    setNote('');
  };

  if (rows.length === 0 || levels.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Add grades and levels first: the grid has a row per grade and a column per level.
      </Text>
    );
  }

  const shownProblems = { ...problems };
  return (
    <>
      {canManage ? <UnsavedChangesGuard when={dirty} /> : null}
      {stale.dialog}
      <Text size="sm" c="dimmed" mb="sm" id="grid-help">
        Type an amount in each cell. Tab and Enter move on; the arrows move between cells; paste a block
        copied from a spreadsheet to fill the cells from the focused one. Clear a cell to remove its base
        salary.
      </Text>
      <Table.ScrollContainer minWidth={140 + levels.length * 140}>
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={4}
          aria-label="Base salaries by grade and level"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Grade</Table.Th>
              {levels.map((level) => (
                <Table.Th key={level.id} scope="col">
                  {level.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((grade, r) => (
              <Table.Tr key={grade.id}>
                <Table.Th scope="row">{grade.name}</Table.Th>
                {levels.map((level, c) => {
                  const key = cellKey(grade.id, level.id);
                  const value = edits[key] ?? saved[key] ?? '';
                  const changed =
                    key in edits && changes.cells.some((cell) => cellKey(cell.gradeId, cell.levelId) === key);
                  const problem = shownProblems[key];
                  return (
                    <Table.Td
                      key={level.id}
                      p={4}
                      data-changed={changed || undefined}
                      bg={problem ? 'red.0' : changed ? 'yellow.0' : undefined}
                    >
                      <TextInput
                        ref={(el) => {
                          if (el) inputs.current.set(key, el);
                          else inputs.current.delete(key);
                        }}
                        aria-label={`${grade.name} / ${level.name}`}
                        aria-describedby="grid-help"
                        data-cell={key}
                        inputMode="decimal"
                        autoComplete="off"
                        readOnly={!canManage}
                        value={value}
                        error={problem}
                        size="sm"
                        styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                        onFocus={(event) => event.currentTarget.select()}
                        onChange={(event) => setCell(key, event.currentTarget.value)}
                        onKeyDown={onKeyDown(r, c)}
                        onPaste={onPaste(r, c)}
                      />
                      {bands[key] ? (
                        <Text size="xs" c="dimmed" ta="right">
                          {bands[key]}
                        </Text>
                      ) : null}
                      <ScheduledRuleNote kind="baseSalary" subject={`${grade.name} / ${level.name}`} />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" role="status" mt="xs" data-testid="grid-note">
        {note}
      </Text>
      {canManage ? (
        <Box mt="sm">
          <EffectiveFrom value={effectiveFrom} onChange={setEffectiveFrom} />
        </Box>
      ) : null}
      {canManage ? (
        <SaveBar dirty={dirty}>
          <Button variant="default" onClick={discard} disabled={!dirty || mutation.isPending}>
            Discard changes
          </Button>
          <Button onClick={() => save()} loading={mutation.isPending} disabled={!dirty}>
            Save
            {changes.cells.length > 0
              ? ` ${changes.cells.length} ${changes.cells.length === 1 ? 'cell' : 'cells'}`
              : ''}
          </Button>
        </SaveBar>
      ) : null}
      {Object.keys(shownProblems).length > 0 ? (
        <Text size="sm" c="red.9" mt="xs" data-testid="grid-problems">
          {Object.entries(shownProblems)
            .map(([key, message]) => `${names(key)}: ${message}`)
            .join(' · ')}
        </Text>
      ) : null}
    </>
  );
}
