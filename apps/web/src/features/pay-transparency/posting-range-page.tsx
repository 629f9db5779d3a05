import {
  Alert,
  Box,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { PostingRange } from '@salary/shared/pay-transparency/posting-range.contract';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { AsOfInput, companyToday } from '../../components/as-of.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDay, formatMoney } from '../../lib/company-format.tsx';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import {
  type PostingRangeChoice,
  useDownloadPostingRange,
  usePostingRange,
} from './api/get-posting-range.ts';

const LOAD_ERROR = 'Failed to load the salary rules';

const optionsOf = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/**
 * /pay-transparency/posting-range: the basic pay range a job posting states (pay transparency
 * before employment) — a job, position and grade, the levels the posting covers, and the day
 * the rules are read as of; the sentence to copy and the PDF. Admins and readers of the money rules.
 */
export default function PostingRangePage() {
  const toast = useToast();
  const jobs = useJobs({ refetchOnMount: 'always' });
  const grades = useGrades({ refetchOnMount: 'always' });
  const levels = useLevels({ refetchOnMount: 'always' });
  useLoadErrorToast(jobs.error, LOAD_ERROR);
  useLoadErrorToast(grades.error, LOAD_ERROR);
  useLoadErrorToast(levels.error, LOAD_ERROR);
  const [jobId, setJobId] = useState<string | null>(null);
  const [positionId, setPositionId] = useState<string | null>(null);
  const [gradeId, setGradeId] = useState<string | null>(null);
  const [levelIds, setLevelIds] = useState<string[]>([]);
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const positions = usePositions(jobId === null ? null : Number(jobId), { refetchOnMount: 'always' });
  useLoadErrorToast(positions.error, LOAD_ERROR);

  const choice: PostingRangeChoice | null =
    jobId && positionId && gradeId && levelIds.length > 0
      ? {
          jobId: Number(jobId),
          positionId: Number(positionId),
          gradeId: Number(gradeId),
          levelIds: levelIds.map(Number),
          asOf: asOf === undefined || asOf === companyToday() ? undefined : asOf,
        }
      : null;
  const range = usePostingRange(choice);
  const download = useDownloadPostingRange();
  const shown = choice ? range.data : undefined;

  return (
    <>
      <PageHeader
        title="Pay range for a job posting"
        description="The basic pay (base salary + job/position adjustment) a posting states for a role, from the salary rules in force on a day."
      />
      <Stack gap="lg">
        <SectionPanel title="Role">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Select
              label="Job"
              placeholder="Select a job"
              data={optionsOf(jobs.data)}
              value={jobId}
              onChange={(value) => {
                setJobId(value);
                setPositionId(null);
              }}
              searchable
              required
            />
            <Select
              label="Position"
              placeholder={jobId ? 'Select a position' : 'Select a job first'}
              data={optionsOf(positions.data)}
              value={positionId}
              onChange={setPositionId}
              disabled={!jobId}
              searchable
              required
            />
            <Select
              label="Grade"
              placeholder="Select a grade"
              data={optionsOf(grades.data)}
              value={gradeId}
              onChange={setGradeId}
              searchable
              required
            />
            <MultiSelect
              label="Levels"
              placeholder={levelIds.length ? undefined : 'Select levels'}
              description="The range spans the levels the posting covers."
              data={optionsOf(levels.data)}
              value={levelIds}
              onChange={setLevelIds}
              searchable
              required
            />
            <Box>
              <AsOfInput day={asOf} onChange={setAsOf} />
            </Box>
          </SimpleGrid>
        </SectionPanel>
        {choice === null ? (
          <Text c="dimmed" size="sm" data-testid="posting-range-hint">
            Choose a job, a position, a grade and at least one level to see the range.
          </Text>
        ) : range.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not work out the range">
            {errorMessage(range.error, 'The pay range could not be read.')}
          </Alert>
        ) : shown ? (
          <RangeResult
            range={shown}
            downloading={download.isPending}
            onDownload={() =>
              download.mutate(choice, {
                onError: (error) => toast.error(errorMessage(error, 'Failed to download the PDF')),
              })
            }
          />
        ) : (
          <SectionLoader />
        )}
      </Stack>
    </>
  );
}

function RangeResult({
  range,
  downloading,
  onDownload,
}: {
  range: PostingRange;
  downloading: boolean;
  onDownload(): void;
}) {
  const textLabel = useId();
  return (
    <SectionPanel
      title="Pay range"
      description={`As of ${formatDay(range.asOf)}, in ${range.currency}.`}
      actions={
        <Group gap="sm">
          <CopyButton value={range.text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy text'}
              </Button>
            )}
          </CopyButton>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={onDownload}
          >
            Download PDF
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text id={textLabel} size="sm" fw={500}>
            Text for the posting
          </Text>
          <Paper
            withBorder
            radius="sm"
            p="sm"
            role="region"
            aria-labelledby={textLabel}
            data-testid="posting-range-text"
          >
            <Text component="blockquote" m={0}>
              {range.text}
            </Text>
          </Paper>
        </Stack>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Level</Table.Th>
              <Table.Th scope="col" ta="right">
                Per month
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Per year
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {range.levels.map((level) => (
              <Table.Tr key={level.id}>
                <Table.Th scope="row" fw={500}>
                  {level.name}
                </Table.Th>
                {level.monthly === null ? (
                  <Table.Td colSpan={2} ta="right" c="dimmed">
                    {level.note}
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td ta="right">{formatMoney(level.monthly)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(level.annual)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </SectionPanel>
  );
}
