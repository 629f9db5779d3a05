import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, type Handler, sendJson } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { MANAGER } from '../../test/settings-server.ts';
import { serveSignedIn, signedInPage } from '../../test/sign-in.ts';
import { BaseSalaryForm } from './base-salary-form.tsx';

const { server } = signedInPage('/settings/base-salary');

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the default.
vi.setConfig({ testTimeout: 20_000 });

const grade = { id: 1, name: 'Junior', order: 0, version: 1 };
const level = { id: 2, name: 'Level I', order: 0, version: 1 };

/** Answers the form's lookups; `onSave` answers POST /base-salary. */
function serve(onSave: Handler) {
  serveSignedIn(server, MANAGER, (req, res) => {
    if (req.path === '/api/grades') return sendJson(res, 200, envelope([grade]));
    if (req.path === '/api/levels') return sendJson(res, 200, envelope([level]));
    if (req.method === 'POST' && req.path === '/api/base-salary') return onSave(req, res);
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function pick(label: RegExp, option: string) {
  await userEvent.click(input(label));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillAndSubmit(amount: string) {
  await screen.findByRole('button', { name: 'Add Base Salary' });
  await pick(/^Grade/, 'Junior');
  await pick(/^Level/, 'Level I');
  await userEvent.type(input(/^Base Salary Amount/), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Add Base Salary' }));
}

describe('BaseSalaryForm', () => {
  it('sends ids and the amount as JSON numbers, then empties itself for the next one', async () => {
    const saved: unknown[] = [];
    serve((req, res) => {
      saved.push(JSON.parse(req.body));
      sendJson(res, 201, envelope({ id: 9, gradeId: 1, levelId: 2, amount: 1234.5, grade, level }));
    });
    renderWithProviders(<BaseSalaryForm editing={null} onDone={vi.fn()} />);

    await fillAndSubmit('1234.5');

    await waitFor(() => expect(saved).toEqual([{ gradeId: 1, levelId: 2, amount: 1234.5 }]));
    expect(await screen.findByText('Base salary created successfully')).toBeInTheDocument();
    await waitFor(() => expect(input(/^Base Salary Amount/)).toHaveValue(null));
    expect(input(/^Grade/)).toHaveValue('');
  });

  it('names every missing field without calling the server', async () => {
    serve((_req, res) => sendJson(res, 500, {}));
    renderWithProviders(<BaseSalaryForm editing={null} onDone={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Base Salary' }));

    expect(await screen.findByText('Grade is required')).toBeInTheDocument();
    expect(screen.getByText('Level is required')).toBeInTheDocument();
    expect(screen.getByText('Base Salary Amount is required')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("puts the server's field problems under the inputs and toasts its message", async () => {
    serve((_req, res) =>
      sendJson(res, 409, {
        success: false,
        message: 'A base salary for Junior / Level I already exists',
        error: 'CONFLICT',
        data: { fields: [{ field: 'levelId', message: 'Already set for this grade' }] },
      }),
    );
    renderWithProviders(<BaseSalaryForm editing={null} onDone={vi.fn()} />);

    await fillAndSubmit('10');

    expect(await screen.findByText('Already set for this grade')).toBeInTheDocument();
    expect(await screen.findByText('A base salary for Junior / Level I already exists')).toBeInTheDocument();
    // Nothing is lost: the user can fix and retry.
    expect(input(/^Base Salary Amount/)).toHaveValue(10);
  });

  it('edits with all three fields prefilled and says so on the buttons', async () => {
    const onDone = vi.fn();
    serve((_req, res) => sendJson(res, 500, {}));
    renderWithProviders(
      <BaseSalaryForm
        editing={{
          id: 9,
          gradeId: 1,
          levelId: 2,
          amount: 5000,
          bandSpread: null,
          bandMin: null,
          bandMax: null,
          band: { min: 4500, max: 5500 },
          grade,
          level,
          version: 1,
        }}
        onDone={onDone}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Update Base Salary' })).toBeInTheDocument();
    await waitFor(() => expect(input(/^Grade/)).toHaveValue('Junior'));
    expect(input(/^Level/)).toHaveValue('Level I');
    expect(input(/^Base Salary Amount/)).toHaveValue(5000);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
