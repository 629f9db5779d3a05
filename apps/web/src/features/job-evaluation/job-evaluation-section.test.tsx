import type { Evaluation } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/app-routes.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type Handler, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { backendJob } from './evaluation-fixtures.ts';

/*
 * Settings → Job Evaluation: the table of jobs and positions with their scores, weighted score
 * and band; scoring one through the dialog; the weights and band width; read-only without
 * Edit/Delete Settings.
 */

const page = signedInPage('/');
const { server } = page;
const WAIT = { timeout: 10_000 };
const EQUAL = { skills: 1, effort: 1, responsibility: 1, workingConditions: 1 };

const evaluation = (): Evaluation => ({
  settings: { weights: EQUAL, bandWidth: 1, version: 4, updatedAt: null },
  jobs: [
    backendJob({
      id: 11,
      name: 'Senior',
      score: null,
      weighted: 2.5,
      band: { key: 'band-2', name: 'Score 2.0–2.9' },
      from: 'job',
    }),
    { id: 2, name: 'Design', score: null, weighted: null, band: null, positions: [] },
  ],
});

const notFound: Handler = (_req, res) =>
  sendJson(res, 404, { success: false, message: 'Not found', error: null, data: null });

function open(permissions: Record<string, boolean>, more: Handler = notFound) {
  return page.open(
    newUser({ permissions }),
    <AppRoutes />,
    (req, res) => {
      if (req.method === 'GET' && req.path === '/api/job-evaluation')
        return sendJson(res, 200, envelope(evaluation()));
      return more(req, res);
    },
    '/settings/job-evaluation',
  );
}

const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-row="${name}"]`)!;

describe('Settings → Job Evaluation', { timeout: 30_000 }, () => {
  it('shows each job and position with its scores, weighted score and band', async () => {
    open({ showSettings: true, manageSettings: true });
    const table = await screen.findByRole('table', { name: 'Job evaluation scores' }, WAIT);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Job / position',
      'Skills',
      'Effort',
      'Responsibility',
      'Working conditions',
      'Weighted score',
      'Band',
      'Actions',
    ]);
    expect(row('Backend')).toHaveTextContent(/^Backend32412\.50Score 2\.0–2\.9/);
    expect(row('Backend / Senior')).toHaveTextContent("uses the job's scores");
    expect(row('Design')).toHaveTextContent('Not scored');
    expect(within(row('Design')).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('scores a position through the dialog: the preview follows the typing, the save sends the four scores', async () => {
    let sent: unknown;
    open({ showSettings: true, manageSettings: true }, (req, res) => {
      if (req.method === 'PUT' && req.path === '/api/job-evaluation/positions/11') {
        sent = JSON.parse(req.body);
        return sendJson(res, 200, envelope({ ...(sent as object), version: 1 }));
      }
      return notFound(req, res);
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit scores of Backend / Senior' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    // Starts from the job's scores.
    expect(within(dialog).getByLabelText(/^Skills/)).toHaveValue('3');
    expect(within(dialog).getByTestId('score-preview')).toHaveTextContent(
      'Weighted score 2.50 · Score 2.0–2.9',
    );
    const skills = within(dialog).getByLabelText(/^Skills/);
    await userEvent.clear(skills);
    await userEvent.type(skills, '5');
    expect(within(dialog).getByTestId('score-preview')).toHaveTextContent(
      'Weighted score 3.00 · Score 3.0–3.9',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save scores' }));
    expect(await screen.findByText('Scores of Backend / Senior saved', {}, WAIT)).toBeInTheDocument();
    // A first score of the position: no version.
    expect(sent).toEqual({ skills: 5, effort: 2, responsibility: 4, workingConditions: 1 });
  });

  it('refuses a score outside 1–5 under the field, sending nothing', async () => {
    open({ showSettings: true, manageSettings: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit scores of Backend' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const effort = within(dialog).getByLabelText(/^Effort/);
    await userEvent.clear(effort);
    await userEvent.type(effort, '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save scores' }));
    expect(
      await within(dialog).findByText('Effort must be a whole number from 1 to 5', {}, WAIT),
    ).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('saves the weights and band width with the version read; all-zero weights are refused', async () => {
    let sent: unknown;
    open({ showSettings: true, manageSettings: true }, (req, res) => {
      if (req.method === 'PUT' && req.path === '/api/job-evaluation/settings') {
        sent = JSON.parse(req.body);
        return sendJson(res, 200, envelope({ ...(sent as object), version: 5, updatedAt: null }));
      }
      return notFound(req, res);
    });
    const form = await screen.findByRole('form', { name: 'Weights and bands' }, WAIT);
    for (const label of [
      'Skills weight',
      'Effort weight',
      'Responsibility weight',
      'Working conditions weight',
    ]) {
      await userEvent.clear(within(form).getByLabelText(label));
      await userEvent.type(within(form).getByLabelText(label), '0');
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Save weights' }));
    expect(
      await within(form).findByText('At least one weight must be more than 0', {}, WAIT),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.clear(within(form).getByLabelText('Skills weight'));
    await userEvent.type(within(form).getByLabelText('Skills weight'), '2');
    await userEvent.clear(within(form).getByLabelText(/^Band width/));
    await userEvent.type(within(form).getByLabelText(/^Band width/), '0.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(sent).toBeDefined(), WAIT);
    expect(sent).toEqual({
      weights: { skills: 2, effort: 0, responsibility: 0, workingConditions: 0 },
      bandWidth: 0.5,
      version: 4,
    });
  });

  it('lets showSettings look without any way to change a score or a weight', async () => {
    open({ showSettings: true });
    await screen.findByRole('table', { name: 'Job evaluation scores' }, WAIT);
    expect(screen.getByText(/Changing them needs the Edit\/Delete Settings permission/)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Edit scores|Remove scores|Save weights/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByLabelText('Skills weight')).toHaveAttribute('readonly');
  });
});
