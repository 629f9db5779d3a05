import {
  ADJUSTED_GAP_EXPLANATION,
  type AdjustedGap,
  TOO_FEW_TO_ESTIMATE,
} from '@salary/shared/pay-transparency/adjusted-gap.contract';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { AdjustedGapSection } from './adjusted-gap-section.tsx';

/*
 * The adjusted pay gap as a reader sees it: the company's figure said in words (its sign is
 * never left to a colour or a minus), each job in a table with headers, "too few to estimate"
 * where an estimate would say too much, and the paragraph that explains it.
 */

const answer: AdjustedGap = {
  company: {
    tooFew: false,
    percent: -4.9,
    standardError: 0.35,
    low: -5.6,
    high: -4.2,
    n: 3000,
    rSquared: 0.912,
  },
  jobs: [
    {
      jobId: 2,
      jobName: 'Analyst',
      estimate: {
        tooFew: false,
        percent: 1.2,
        standardError: 1.4,
        low: -1.6,
        high: 4.1,
        n: 420,
        rSquared: 0.88,
      },
    },
    { jobId: 7, jobName: 'Designer', estimate: { tooFew: true, n: 29, reason: 'employees' } },
    { jobId: 9, jobName: 'Driver', estimate: { tooFew: true, n: 64, reason: 'women' } },
  ],
};

describe('Adjusted pay gap', () => {
  it('gives the company figure, what it means, its interval, standard error, n and R²', () => {
    renderWithProviders(<AdjustedGapSection adjustedGap={answer} />);
    const section = screen.getByRole('region', { name: 'Adjusted pay gap' });
    const company = within(section).getByRole('group', { name: 'Whole company' });
    expect(within(company).getByTestId('adjusted-gap-company')).toHaveTextContent('-4.9%');
    expect(company).toHaveTextContent('Women are paid 4.9% less than men with a comparable profile');
    expect(company).toHaveTextContent('95% interval -5.6% to -4.2%');
    expect(company).toHaveTextContent('Standard error 0.35 log points');
    expect(company).toHaveTextContent('3,000 employees');
    expect(company).toHaveTextContent('R² 0.912');
  });

  it('lists each job, saying "too few to estimate" and why where there is no estimate', () => {
    renderWithProviders(<AdjustedGapSection adjustedGap={answer} />);
    const table = screen.getByRole('table', { name: 'Adjusted pay gap by job' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', 'Employees', 'Adjusted gap', '95% interval', 'Standard error', 'R²']);
    const analyst = within(table).getByRole('row', { name: /Analyst/ });
    expect(analyst).toHaveTextContent('1.2%women paid more');
    expect(analyst).toHaveTextContent('-1.6% to 4.1%');
    expect(analyst).toHaveTextContent('1.40 log points');
    expect(analyst).toHaveTextContent('0.880');
    const designer = within(table).getByRole('row', { name: /Designer/ });
    expect(designer).toHaveTextContent(`29${TOO_FEW_TO_ESTIMATE} (fewer than 30 employees)`);
    expect(designer).not.toHaveTextContent('%');
    expect(within(table).getByRole('row', { name: /Driver/ })).toHaveTextContent(
      `${TOO_FEW_TO_ESTIMATE} (fewer than 10 women)`,
    );
  });

  it('says when the company is too few to estimate, with no figure', () => {
    renderWithProviders(
      <AdjustedGapSection
        adjustedGap={{ company: { tooFew: true, n: 25, reason: 'employees' }, jobs: [] }}
      />,
    );
    const company = screen.getByRole('group', { name: 'Whole company' });
    expect(within(company).getByTestId('adjusted-gap-company')).toHaveTextContent(TOO_FEW_TO_ESTIMATE);
    expect(company).toHaveTextContent('fewer than 30 employees; 25 employees');
    expect(company).not.toHaveTextContent('%');
  });

  it('explains the figure in one paragraph: what it holds equal and which way its sign runs', async () => {
    const { container } = renderWithProviders(<AdjustedGapSection adjustedGap={answer} />);
    const paragraph = screen.getByTestId('adjusted-gap-explanation');
    expect(paragraph).toHaveTextContent(ADJUSTED_GAP_EXPLANATION);
    for (const words of [
      'grade',
      'level',
      'years of experience',
      'years with the company',
      'Base on Project, Acting as Different Grade, Pillar, Remote',
      'A negative value means women are paid less than men with a comparable profile',
    ])
      expect(paragraph.textContent).toContain(words);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
