import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAY_REQUEST_LABELS, type PayRequest } from '@salary/shared/pay-requests/pay-requests.contract';
import { IconCheck, IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RowCard } from '../../components/row-card.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { formatDay } from '../../lib/company-format.tsx';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';
import { useDownloadRequestStatement } from './api/download-request-statement.ts';
import { usePayRequests } from './api/get-pay-requests.ts';
import { RecordRequestDialog } from './record-request-dialog.tsx';
import { RequestStatus } from './request-status.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface RowActions {
  canWrite: boolean;
  downloading: number | null;
  onDownload(request: PayRequest): void;
  onAnswer(request: PayRequest): void;
}

/** Download the statement (when the employee still exists) and, for admins, mark an open one answered. */
function Actions({
  request,
  canWrite,
  downloading,
  onDownload,
  onAnswer,
}: RowActions & { request: PayRequest }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {request.employeeExists ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={downloading === request.id}
          aria-label={`Download statement of ${request.employeeName} as of ${formatDay(request.receivedOn)}`}
          onClick={() => onDownload(request)}
        >
          Statement
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          Employee deleted
        </Text>
      )}
      {canWrite && request.answeredOn === null ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCheck size={14} aria-hidden />}
          aria-label={`Mark answered: request of ${request.employeeName}`}
          onClick={() => onAnswer(request)}
        >
          Mark answered
        </Button>
      ) : null}
    </Group>
  );
}

/** The register's rows and what each row's buttons do. */
type RegisterProps = RowActions & { requests: PayRequest[]; today: string };

function RegisterTable({ requests, today, ...actions }: RegisterProps) {
  return (
    <TableScrollRegion label="Worker requests" minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{PAY_REQUEST_LABELS.employeeId}</Table.Th>
            <Table.Th scope="col">{PAY_REQUEST_LABELS.receivedOn}</Table.Th>
            <Table.Th scope="col">Due On</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">{PAY_REQUEST_LABELS.answeredOn}</Table.Th>
            <Table.Th scope="col">{PAY_REQUEST_LABELS.note}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => (
            <Table.Tr key={r.id} data-testid={`request-${r.id}`}>
              <Table.Th scope="row" fw={500}>
                {r.employeeName}
              </Table.Th>
              <Table.Td style={NO_WRAP}>{formatDay(r.receivedOn)}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatDay(r.dueOn)}</Table.Td>
              <Table.Td>
                <RequestStatus request={r} today={today} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>{r.answeredOn ? formatDay(r.answeredOn) : '—'}</Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2}>
                  {r.note ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Actions request={r} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function RegisterCards({ requests, today, ...actions }: RegisterProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Worker requests">
      {requests.map((r) => (
        <li key={r.id} data-testid={`request-${r.id}`}>
          <RowCard highlighted={false}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{r.employeeName}</Text>
                <RequestStatus request={r} today={today} />
              </Group>
              <Text size="sm">
                Received {formatDay(r.receivedOn)} · due {formatDay(r.dueOn)}
                {r.answeredOn ? ` · answered ${formatDay(r.answeredOn)}` : ''}
              </Text>
              {r.note ? (
                <Text size="sm" c="dimmed">
                  {r.note}
                </Text>
              ) : null}
              <Actions request={r} {...actions} />
            </Stack>
          </RowCard>
        </li>
      ))}
    </Stack>
  );
}

/** /worker-requests: the register of workers' requests for their pay information. */
export default function PayRequestsPage() {
  const toast = useToast();
  const user = useCurrentUser();
  const canWrite = user?.isAdmin === true;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const register = usePayRequests();
  const download = useDownloadRequestStatement();
  const [recording, setRecording] = useState(false);
  const [answering, setAnswering] = useState<PayRequest | null>(null);
  useLoadErrorToast(register.error, 'Failed to load worker requests');

  const data = register.data;
  const overdue = data?.requests.filter((r) => r.status === 'overdue').length ?? 0;
  const open = data?.requests.filter((r) => r.status === 'open').length ?? 0;
  const actions: RowActions = {
    canWrite,
    downloading: download.isPending ? (download.variables?.id ?? null) : null,
    onDownload: (request) =>
      download.mutate(request, {
        onError: (error) => toast.error(errorMessage(error, 'Failed to download statement')),
      }),
    onAnswer: setAnswering,
  };

  return (
    <>
      <PageHeader
        title="Worker Requests"
        description="Workers' requests for information on their pay and the average pay of their category. An answer is due two calendar months after the request is received; each statement is as of the day it was received."
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRecording(true)}>
              Record request
            </Button>
          ) : null
        }
      />
      {register.isError ? (
        <LoadFailed title="Could not load worker requests" query={register}>
          The register could not be read.
        </LoadFailed>
      ) : !data ? (
        <SectionLoader />
      ) : (
        <Stack gap="md">
          <Text size="sm" data-testid="register-summary">
            Today is {formatDay(data.today)}: {overdue} overdue, {open} open,{' '}
            {data.requests.length - overdue - open} answered.
          </Text>
          {data.requests.length === 0 ? (
            <Text c="dimmed">No requests recorded yet.</Text>
          ) : narrow ? (
            <RegisterCards requests={data.requests} today={data.today} {...actions} />
          ) : (
            <RegisterTable requests={data.requests} today={data.today} {...actions} />
          )}
        </Stack>
      )}
      {canWrite ? <RecordRequestDialog opened={recording} onClose={() => setRecording(false)} /> : null}
      {canWrite ? <AnswerRequestDialog request={answering} onClose={() => setAnswering(null)} /> : null}
    </>
  );
}
