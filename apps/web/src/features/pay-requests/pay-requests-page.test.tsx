import type { PayRequest } from '@salary/shared/pay-requests/pay-requests.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newEmployeeView, newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import PayRequestsPage from './pay-requests-page.tsx';

const server = testServerForFile();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
const WAIT = { timeout: 10_000 };
const TODAY = '2026-11-27';

const request = (over: Partial<PayRequest>): PayRequest => ({
  id: 1,
  employeeId: 4,
  employeeName: 'Ana Lima',
  employeeExists: true,
  receivedOn: '2026-10-01',
  dueOn: '2026-12-01',
  answeredOn: null,
  note: null,
  status: 'open',
  recordedBy: 'admin@example.com',
  recordedAt: '2026-10-01T09:00:00.000Z',
  version: 1,
  ...over,
});

let requests: PayRequest[];
let admin: boolean;
const posted: unknown[] = [];
const put: unknown[] = [];
const downloads: string[] = [];

beforeEach(() => {
  admin = true;
  posted.length = 0;
  put.length = 0;
  downloads.length = 0;
  requests = [
    request({
      id: 2,
      employeeName: 'Bo Berg',
      employeeId: 5,
      receivedOn: '2026-08-03',
      dueOn: '2026-10-03',
      status: 'overdue',
    }),
    request({ id: 1 }),
    request({
      id: 3,
      employeeName: 'Cy Gone',
      employeeExists: false,
      answeredOn: '2026-10-20',
      status: 'answered',
    }),
  ];
  setPageUrl(`${server.origin}/worker-requests`);
  setToken('token');
  server.handle((req, res) => {
    const user = admin
      ? newUser({ isAdmin: true, role: 'admin' })
      : newUser({ permissions: { showSalary: true } });
    const path = req.path.split('?')[0];
    if (path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.method === 'GET' && path === '/api/pay-transparency/requests')
      return sendJson(res, 200, envelope({ today: TODAY, requests }));
    if (req.method === 'GET' && path === '/api/employees')
      return sendJson(
        res,
        200,
        envelope([
          newEmployeeView({ id: 4, name: 'Ana Lima' }),
          newEmployeeView({ id: 9, name: 'Dee Diaz' }),
        ]),
      );
    if (req.method === 'POST' && path === '/api/pay-transparency/requests') {
      const body = JSON.parse(req.body);
      posted.push(body);
      requests = [...requests, request({ id: 7, employeeId: 9, employeeName: 'Dee Diaz', ...body })];
      return sendJson(res, 201, envelope(requests.at(-1), 'Pay request created successfully'));
    }
    if (req.method === 'PUT' && path === '/api/pay-transparency/requests/2') {
      const body = JSON.parse(req.body);
      put.push(body);
      requests = requests.map((r) => (r.id === 2 ? { ...r, ...body, status: 'answered' } : r));
      return sendJson(res, 200, envelope(requests.find((r) => r.id === 2)));
    }
    if (req.method === 'GET' && /^\/api\/pay-transparency\/requests\/\d+\/statement\.pdf$/.test(path ?? '')) {
      downloads.push(path!);
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="pay_statement_4_2026-10-01.pdf"',
      });
      return res.end('%PDF-');
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

describe('Worker Requests', () => {
  it('lists the register with overdue ones said in words, and downloads a statement', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<PayRequestsPage />, { route: '/worker-requests' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Worker Requests' }, WAIT),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('register-summary', {}, WAIT)).toHaveTextContent(
      'Today is Nov 27, 2026: 1 overdue, 1 open, 1 answered.',
    );
    const overdue = screen.getByTestId('request-2');
    expect(overdue).toHaveTextContent('Bo Berg');
    expect(overdue).toHaveTextContent('Overdue by 55 days');
    expect(screen.getByTestId('request-1')).toHaveTextContent('Open: 4 days left');
    const gone = screen.getByTestId('request-3');
    expect(gone).toHaveTextContent('Answered');
    expect(gone).toHaveTextContent('Employee deleted');
    expect(within(gone).queryByRole('button', { name: /Download statement/ })).toBeNull();

    await userEvent.click(
      within(screen.getByTestId('request-1')).getByRole('button', {
        name: 'Download statement of Ana Lima as of Oct 1, 2026',
      }),
    );
    await waitFor(() => expect(downloads).toEqual(['/api/pay-transparency/requests/1/statement.pdf']));
  });

  it('records a request for the employee picked, showing the due day', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PayRequestsPage />, { route: '/worker-requests' });
    await user.click(await screen.findByRole('button', { name: 'Record request' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Record a request' }, WAIT);
    await user.click(within(dialog).getByRole('combobox', { name: /Employee/ }));
    await user.click(await screen.findByRole('option', { name: 'Dee Diaz', hidden: true }, WAIT));
    const received = within(dialog).getByLabelText(/Received On/);
    await user.clear(received);
    await user.type(received, '2026-10-31');
    expect(within(dialog).getByText(/Answer due by Dec 31, 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record request' }));
    await waitFor(() => expect(posted).toEqual([{ employeeId: 9, receivedOn: '2026-10-31', note: '' }]));
    expect(await screen.findByTestId('request-7', {}, WAIT)).toHaveTextContent('Dee Diaz');
  });

  it('marks an overdue request answered with the version it was read at', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PayRequestsPage />, { route: '/worker-requests' });
    await user.click(await screen.findByRole('button', { name: 'Mark answered: request of Bo Berg' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Mark request answered' }, WAIT);
    const day = within(dialog).getByLabelText(/Answered On/);
    await user.clear(day);
    await user.type(day, '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }));
    await waitFor(() =>
      expect(put).toEqual([{ receivedOn: '2026-08-03', answeredOn: '2026-11-20', version: 1 }]),
    );
    await waitFor(() => expect(screen.getByTestId('request-2')).toHaveTextContent('Answered'));
  });

  it('offers a showSalary reader the register and statements, but no writes', async () => {
    admin = false;
    renderWithProviders(<PayRequestsPage />, { route: '/worker-requests' });
    expect(await screen.findByTestId('request-2', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record request' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark answered/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /Download statement of/ })).toHaveLength(2);
  });
});
