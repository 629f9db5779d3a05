import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { PayDefinitions } from './pay-definitions.tsx';

/*
 * The report's "pay" is gross salary + benefits, not the gross Pay Overview averages: the
 * screen says so, beside the figures, so women's mean pay can be squared with the overview.
 */

const comparison = { female: 7296.46, male: 7400, gap: 1.4, tooFew: false };
const report = {
  meanPay: comparison,
  medianPay: comparison,
  meanComplementary: { female: 900, male: 950, gap: 5.3, tooFew: false },
  medianComplementary: { female: 900, male: 950, gap: 5.3, tooFew: false },
  complementaryShare: { female: 80, male: 75, tooFew: false },
} as unknown as PayReport;

describe('Pay Transparency says what its figures contain', () => {
  it('defines pay, basic wage and complementary pay, and sets pay apart from Pay Overview’s average', () => {
    renderWithProviders(<PayDefinitions />);
    const box = screen.getByRole('region', { name: 'What the figures contain' });
    expect(box).toHaveTextContent('Pay = gross salary + benefits (pay in kind), per month.');
    expect(box).toHaveTextContent("Pay Overview's average salary is the gross salary alone, so it is lower.");
    expect(box).toHaveTextContent('Basic wage = base salary + the job and position adjustment.');
    expect(box).toHaveTextContent('Complementary pay = pay − basic wage');
  });

  it('says under each headline figure what it is made of', () => {
    renderWithProviders(<HeadlineCards report={report} />);
    const mean = screen.getByRole('region', { name: '(a) Mean pay gap' });
    expect(within(mean).getByText('Women $7,296.46')).toBeInTheDocument();
    expect(within(mean).getByText('Pay: gross salary + benefits, per month')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '(b) Mean complementary gap' })).getByText(
        'Complementary: pay − basic wage, among those who receive any',
      ),
    ).toBeInTheDocument();
  });
});
