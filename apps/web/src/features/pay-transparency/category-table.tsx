import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  FLAG_TEXT,
  type PayCategory,
  TOO_FEW,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { categoryStatus, moneyOrTooFew, percentOrTooFew } from './pay-format.ts';
import { ReportSection } from './report-section.tsx';

const STATUS = {
  flagged: { color: 'red', label: 'Flagged' },
  justified: { color: 'yellow', label: 'Justified' },
  reported: { color: 'green', label: 'Below 5%' },
  'too-few': { color: 'gray', label: 'Too few' },
} as const;

function StatusCell({ category }: { category: PayCategory }) {
  const status = STATUS[categoryStatus(category)];
  return (
    <Stack gap={2}>
      <Badge color={status.color} variant="light" autoContrast>
        {status.label}
      </Badge>
      {category.flagged ? (
        <Text size="xs" c="dimmed">
          {FLAG_TEXT}
        </Text>
      ) : null}
      {category.tooFew ? (
        <Text size="xs" c="dimmed">
          {TOO_FEW}
        </Text>
      ) : null}
      {category.justification ? (
        <Text size="xs" c="dimmed">
          Justified by {category.justification.authorEmail} on {category.justification.updatedAt.slice(0, 10)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** (g): flagged categories without a justification first, then justified, then the rest. */
export function CategoryTable({
  categories,
  canJustify,
  onJustify,
}: {
  categories: PayCategory[];
  canJustify: boolean;
  onJustify(category: PayCategory): void;
}) {
  // A year's report: annual figures, and the hourly gap that decides the flag.
  const hourly = categories.some((c) => c.hourly !== undefined);
  return (
    <ReportSection
      label="Categories of workers"
      title="(g) Categories of workers"
      description={
        hourly
          ? 'Mean annual pay (gross salary + benefits) of women and of men in each category, the gap of pay, basic wage and complementary components, and the hourly pay gap, which decides the flag (5% or more either way).'
          : 'Mean monthly pay (gross salary + benefits) of women and of men in each category, and the gap of pay, basic wage and complementary components.'
      }
    >
      <TableScrollRegion label="Categories of workers table" minWidth={960}>
        <Table striped highlightOnHover aria-label="Pay gap by category" data-testid="category-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Category</Table.Th>
              <Table.Th ta="right">Women</Table.Th>
              <Table.Th ta="right">Men</Table.Th>
              <Table.Th ta="right">Mean pay, women</Table.Th>
              <Table.Th ta="right">Mean pay, men</Table.Th>
              <Table.Th ta="right">Pay gap</Table.Th>
              <Table.Th ta="right">Basic wage gap</Table.Th>
              <Table.Th ta="right">Complementary gap</Table.Th>
              {hourly ? <Table.Th ta="right">Hourly pay gap</Table.Th> : null}
              <Table.Th>Status</Table.Th>
              {/* Its buttons are the screen's: on paper the column would stand empty. */}
              {canJustify ? <Table.Th data-screen-only>Justification</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td fw={600}>{c.name}</Table.Td>
                <Table.Td ta="right">{c.female}</Table.Td>
                <Table.Td ta="right">{c.male}</Table.Td>
                <Table.Td ta="right">{moneyOrTooFew(c.meanPayFemale, c.tooFew)}</Table.Td>
                <Table.Td ta="right">{moneyOrTooFew(c.meanPayMale, c.tooFew)}</Table.Td>
                <Table.Td ta="right">{percentOrTooFew(c.payGap, c.tooFew)}</Table.Td>
                <Table.Td ta="right">{percentOrTooFew(c.basicWageGap, c.tooFew)}</Table.Td>
                <Table.Td ta="right">{percentOrTooFew(c.complementaryGap, c.tooFew)}</Table.Td>
                {hourly ? (
                  <Table.Td ta="right">{percentOrTooFew(c.hourly?.payGap ?? null, c.tooFew)}</Table.Td>
                ) : null}
                <Table.Td>
                  <StatusCell category={c} />
                </Table.Td>
                {canJustify ? (
                  <Table.Td data-screen-only>
                    {c.flagged || c.justification ? (
                      <Button size="xs" variant="light" onClick={() => onJustify(c)}>
                        {c.justification ? 'Edit justification' : 'Justify'}
                        <VisuallyHidden>{` ${c.name}`}</VisuallyHidden>
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </ReportSection>
  );
}
