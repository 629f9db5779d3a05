import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Comparison, PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { TOO_FEW } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { formatPercent, moneyOrTooFew, percentOrTooFew } from './pay-format.ts';

function Card({ title, value, lines }: { title: string; value: string; lines: string[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text fz={value === TOO_FEW ? 'lg' : 28} fw={700} lh={1.2} data-testid="headline-value">
          {value}
        </Text>
        {lines.map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** What a card's figures are made of, said under them (the report's pay is not the gross alone). */
export const PAY_CONTAINS = 'Pay: gross salary + benefits, per month';
/** The figures' basis: a month (as of a day), a year (annual pay), an hour (annual ÷ hours). */
export type PayBasis = 'month' | 'year' | 'hour';
const PER: Record<PayBasis, string> = { month: 'per month', year: 'in the year', hour: 'per hour worked' };
export const COMPLEMENTARY_CONTAINS = 'Complementary: pay − basic wage, among those who receive any';

const comparisonCard = (title: string, x: Comparison, contains: string) => ({
  title,
  value: percentOrTooFew(x.gap, x.tooFew),
  lines: [
    ...(x.tooFew ? [] : [`Women ${moneyOrTooFew(x.female, false)}`, `Men ${moneyOrTooFew(x.male, false)}`]),
    contains,
  ],
});

/**
 * Indicators (a)–(e): the gap large, women's and men's figures under it. `figures`: those of
 * another basis than the report's own (a year's hourly figures).
 */
export function HeadlineCards({
  report,
  basis = 'month',
  figures = report,
}: {
  report: PayReport;
  basis?: PayBasis;
  figures?: Pick<PayReport, 'meanPay' | 'medianPay' | 'meanComplementary' | 'medianComplementary'>;
}) {
  const share = report.complementaryShare;
  const pay = basis === 'month' ? PAY_CONTAINS : `Pay: gross salary + benefits, ${PER[basis]}`;
  const suffix = basis === 'month' ? '' : basis === 'year' ? ', annual' : ', hourly';
  const cards = [
    comparisonCard(`(a) Mean pay gap${suffix}`, figures.meanPay, pay),
    comparisonCard(`(c) Median pay gap${suffix}`, figures.medianPay, pay),
    comparisonCard(`(b) Mean complementary gap${suffix}`, figures.meanComplementary, COMPLEMENTARY_CONTAINS),
    comparisonCard(
      `(d) Median complementary gap${suffix}`,
      figures.medianComplementary,
      COMPLEMENTARY_CONTAINS,
    ),
  ];
  // (e) counts who received any: the same on every basis, shown once (not beside hourly figures).
  if (basis !== 'hour')
    cards.push({
      title: '(e) Receiving complementary pay',
      value: share.tooFew ? TOO_FEW : `${formatPercent(share.female)} / ${formatPercent(share.male)}`,
      lines: [...(share.tooFew ? [] : ['Women / men']), 'Share with any complementary pay'],
    });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: basis === 'hour' ? 4 : 5 }} spacing="md">
      {cards.map((c) => (
        <Card key={c.title} {...c} />
      ))}
    </SimpleGrid>
  );
}
