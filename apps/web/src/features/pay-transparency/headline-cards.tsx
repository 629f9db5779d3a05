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
export const COMPLEMENTARY_CONTAINS = 'Complementary: pay − basic wage, among those who receive any';

const comparisonCard = (title: string, x: Comparison, contains: string) => ({
  title,
  value: percentOrTooFew(x.gap, x.tooFew),
  lines: [
    ...(x.tooFew ? [] : [`Women ${moneyOrTooFew(x.female, false)}`, `Men ${moneyOrTooFew(x.male, false)}`]),
    contains,
  ],
});

/** Indicators (a)–(e): the gap large, women's and men's figures under it. */
export function HeadlineCards({ report }: { report: PayReport }) {
  const share = report.complementaryShare;
  const cards = [
    comparisonCard('(a) Mean pay gap', report.meanPay, PAY_CONTAINS),
    comparisonCard('(c) Median pay gap', report.medianPay, PAY_CONTAINS),
    comparisonCard('(b) Mean complementary gap', report.meanComplementary, COMPLEMENTARY_CONTAINS),
    comparisonCard('(d) Median complementary gap', report.medianComplementary, COMPLEMENTARY_CONTAINS),
    {
      title: '(e) Receiving complementary pay',
      value: share.tooFew ? TOO_FEW : `${formatPercent(share.female)} / ${formatPercent(share.male)}`,
      lines: [...(share.tooFew ? [] : ['Women / men']), 'Share with any complementary pay'],
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
      {cards.map((c) => (
        <Card key={c.title} {...c} />
      ))}
    </SimpleGrid>
  );
}
