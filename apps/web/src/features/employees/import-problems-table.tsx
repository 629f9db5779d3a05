import { Button, ScrollArea, Table, Text } from '@mantine/core';
import type { ImportProblem } from '@salary/shared/excel/excel.contract';
import { IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../../lib/download-file.ts';
import { importProblemsCsv, PROBLEMS_CSV_FILE_NAME } from './import-problems-csv.ts';

/** A whole bad file can list a problem per cell; the dialog shows this many, the CSV has all. */
const SHOWN_PROBLEMS = 500;

/** Saves every problem (not only the shown ones) as employees_import_problems.csv. */
export function DownloadProblemsButton({ problems }: { problems: readonly ImportProblem[] }) {
  const download = () =>
    // The byte-order mark makes Excel read the file as UTF-8 (names with accents stay intact).
    saveBlob(
      new Blob(['\uFEFF', importProblemsCsv(problems)], { type: 'text/csv;charset=utf-8' }),
      PROBLEMS_CSV_FILE_NAME,
    );
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
      Download CSV
    </Button>
  );
}

/** Every reason the import was refused, by spreadsheet row and column. */
export function ImportProblemsTable({ problems }: { problems: readonly ImportProblem[] }) {
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  return (
    <div>
      {/* Focusable so the keyboard can scroll it (axe: scrollable-region-focusable). */}
      <ScrollArea.Autosize
        mah={320}
        type="auto"
        viewportProps={{ tabIndex: 0, 'aria-label': 'Import problems' }}
      >
        <Table striped verticalSpacing={6} fz="sm" stickyHeader aria-label="Import problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((problem, index) => (
              // Several problems can share a row and column; the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
              <Table.Tr key={index}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td>{problem.column}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" mt="xs">
        {problems.length > shown.length
          ? `Showing the first ${shown.length} of ${problems.length} problems; the CSV lists them all.`
          : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}
      </Text>
    </div>
  );
}
