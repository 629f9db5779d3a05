import type { Company } from '@salary/shared/company/company.contract';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/app-routes.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type Handler, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';

/*
 * Settings → Company decides how every figure reads: the signed-in pages read the record once
 * and format every amount in its currency and locale, every time in its zone.
 */

const page = signedInPage('/');
const { server } = page;
const WAIT = { timeout: 10_000 };
const NBSP = '\u00a0';

const company = (changes: Partial<Company> = {}): Company => ({
  companyName: 'Müller GmbH',
  currency: 'EUR',
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  standardWeeklyHours: 40,
  version: 3,
  updatedAt: '2026-11-27T09:00:00.000Z',
  ...changes,
});

const insights: Insights = {
  headcount: 1234,
  unpriced: 0,
  payroll: 1234.56,
  totalCost: 1271230.01,
  averageSalary: 6356.15,
  medianSalary: 6000,
  grades: [],
  levels: [],
  byGradeLevel: [],
  byJob: [
    {
      jobId: 1,
      job: 'Engineering',
      count: 3,
      salary: 18000.5,
      benefits: 900,
      insurance: 2520,
      totalCost: 21420.5,
    },
  ],
  distribution: [],
  byBandPosition: [],
};

const notFound: Handler = (_req, res) =>
  sendJson(res, 404, { success: false, message: 'Not found', error: null, data: null });

function open(
  route: string,
  record: Company,
  permissions = { showSalary: true, showCost: true, showSettings: true },
  more: Handler = notFound,
) {
  return page.open(
    newUser({ permissions }),
    <AppRoutes />,
    (req, res) => {
      if (req.method === 'GET' && req.path === '/api/company') return sendJson(res, 200, envelope(record));
      if (req.path.startsWith('/api/insights')) return sendJson(res, 200, envelope(insights));
      return more(req, res);
    },
    route,
  );
}

async function pick(label: RegExp, option: RegExp) {
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }, WAIT));
}

const figure = (label: string) => document.querySelector(`[data-figure="${label}"] dd`)?.textContent;

describe('figures in the company’s currency and locale', { timeout: 30_000 }, () => {
  it('Pay Overview shows euros the German way: 1.234,56 € and a grouped headcount', async () => {
    open('/insights', company());
    await screen.findByRole('heading', { name: 'Pay Overview', level: 1 }, WAIT);
    await waitFor(() => expect(figure('Monthly payroll (gross)')).toBe(`1.234,56${NBSP}€`), WAIT);
    expect(figure('Total cost')).toBe(`1.271.230,01${NBSP}€`);
    expect(figure('Average salary')).toBe(`6.356,15${NBSP}€`);
    expect(figure('Headcount')).toBe('1.234');
    const table = document.querySelector<HTMLElement>('table[data-table="job-cost"]')!;
    expect(table.textContent).toContain(`18.000,50${NBSP}€`);
    expect(document.body.textContent).not.toContain('$');
  });

  it('the same figures in US dollars for a company that keeps the defaults', async () => {
    open('/insights', company({ currency: 'USD', locale: 'en-US', timeZone: 'UTC' }));
    await waitFor(() => expect(figure('Monthly payroll (gross)')).toBe('$1,234.56'), WAIT);
    expect(figure('Headcount')).toBe('1,234');
  });
});

describe('Settings → Company', { timeout: 30_000 }, () => {
  it('saves the choices with the version read; the sample shows them before the save', async () => {
    let saved: Company = company({ currency: 'USD', locale: 'en-US', timeZone: 'UTC' });
    let sent: Record<string, unknown> | undefined;
    open(
      '/settings/company',
      saved,
      { showSalary: true, showCost: true, showSettings: true, manageSettings: true } as never,
      (req, res) => {
        if (req.method === 'PUT' && req.path === '/api/company') {
          sent = JSON.parse(req.body);
          saved = { ...saved, ...(sent as Partial<Company>), version: saved.version + 1 };
          return sendJson(res, 200, envelope(saved, 'Company settings saved'));
        }
        return notFound(req, res);
      },
    );
    const form = await screen.findByRole('form', { name: 'Company' }, WAIT);
    expect(within(form).getByLabelText(/Company name/)).toHaveValue('Müller GmbH');
    expect(screen.getByTestId('company-sample')).toHaveTextContent('$1,234.56');

    await pick(/^Currency/, /^EUR — Euro/);
    await pick(/^Number and date format/, /German \(Germany\)/);
    expect(screen.getByTestId('company-sample').textContent).toContain(`1.234,56${NBSP}€`);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company settings saved', {}, WAIT)).toBeInTheDocument();
    expect(sent).toEqual({
      companyName: 'Müller GmbH',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'UTC',
      standardWeeklyHours: 40,
      version: 3,
    });
  });

  it('shows the field’s own message when the server refuses a value', async () => {
    open(
      '/settings/company',
      company(),
      { showSettings: true, manageSettings: true } as never,
      (req, res) => {
        if (req.method === 'PUT')
          return sendJson(res, 400, {
            success: false,
            message: 'Invalid input',
            error: 'VALIDATION_ERROR',
            data: {
              fields: [
                {
                  field: 'timeZone',
                  message: 'Time zone must be an IANA time zone name such as Europe/Berlin or UTC',
                },
              ],
            },
          });
        return notFound(req, res);
      },
    );
    const form = await screen.findByRole('form', { name: 'Company' }, WAIT);
    await userEvent.clear(within(form).getByLabelText(/Company name/));
    await userEvent.type(within(form).getByLabelText(/Company name/), 'Beispiel AG');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true), WAIT);
    // Under the input, and in the toast.
    expect(
      await screen.findAllByText(
        'Time zone must be an IANA time zone name such as Europe/Berlin or UTC',
        {},
        WAIT,
      ),
    ).not.toHaveLength(0);
    expect(
      within(form).getByText('Time zone must be an IANA time zone name such as Europe/Berlin or UTC'),
    ).toBeInTheDocument();
  });

  it('lets showSettings look without a Save button', async () => {
    open('/settings/company', company(), { showSettings: true } as never);
    const form = await screen.findByRole('form', { name: 'Company' }, WAIT);
    expect(
      within(form).getByText(/Changing them needs the Edit\/Delete Settings permission/),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
