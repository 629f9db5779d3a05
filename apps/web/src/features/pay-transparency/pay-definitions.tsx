import { List, Paper, Text } from '@mantine/core';

/**
 * What the report's figures contain, on screen: its pay is gross salary plus benefits, so
 * its means are higher than Pay Overview's average salary (gross only).
 */
export function PayDefinitions({ year = false }: { year?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="What the figures contain">
      <Text size="sm" fw={600} mb={4}>
        What the figures contain
      </Text>
      <List size="sm" spacing={2}>
        {year ? (
          <>
            <List.Item>
              <b>Annual pay</b> = gross salary + benefits (pay in kind) over the year: each day employed adds
              its month's pay ÷ the days of that month, so joiners and leavers count for their days.
            </List.Item>
            <List.Item>
              <b>Hourly pay</b> = annual pay ÷ the contracted hours of those days (weekly hours ÷ 7 a day), so
              part-time work is compared hour for hour. A category is flagged by its hourly gap.
            </List.Item>
          </>
        ) : (
          <List.Item>
            <b>Pay</b> = gross salary + benefits (pay in kind), per month. Pay Overview's average salary is
            the gross salary alone, so it is lower.
          </List.Item>
        )}
        <List.Item>
          <b>Basic wage</b> = base salary + the job and position adjustment.
        </List.Item>
        <List.Item>
          <b>Complementary pay</b> = pay − basic wage: multipliers, custom multipliers and benefits.
        </List.Item>
        <List.Item>
          <b>Gap</b> = (men's figure − women's figure) ÷ men's figure; positive means women are paid less.
        </List.Item>
      </List>
    </Paper>
  );
}
