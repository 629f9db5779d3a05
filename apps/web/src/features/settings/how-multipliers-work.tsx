import { List, Text } from '@mantine/core';
import { HOW_MULTIPLIERS_WORK } from '@salary/salary-engine/formula-explained';
import { SettingsPanel } from './settings-panel.tsx';

/**
 * The engine's own explanation (formula-explained.ts), not a copy: what users read here is
 * checked against what calculate-salary.ts does.
 */
export function HowMultipliersWork() {
  return (
    <SettingsPanel title="How Multipliers Work">
      <List spacing="xs" size="sm" c="dimmed">
        {HOW_MULTIPLIERS_WORK.map((sentence) => (
          <List.Item key={sentence}>
            <Text size="sm" c="gray.7" lh={1.5}>
              {sentence}
            </Text>
          </List.Item>
        ))}
      </List>
    </SettingsPanel>
  );
}
