import { Box, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PhoneDisclosure } from '../../components/phone-disclosure.tsx';
import classes from './settings-nav.module.css';
import type { SettingsSection } from './settings-sections.ts';

interface SettingsNavProps {
  sections: SettingsSection[];
  currentPath: string | undefined;
}

/** One card link per visible section; the current one is highlighted (Settings hub). */
export function SettingsNav({ sections, currentPath }: SettingsNavProps) {
  const current = sections.find((section) => section.path === currentPath);
  return (
    <Box component="nav" aria-label="Settings sections" mb="lg">
      <PhoneDisclosure label={current ? `Section: ${current.label}` : 'Sections'} closeOn={currentPath}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'xs', sm: 'sm' }} w="100%">
          {sections.map((section) => {
            const current = section.path === currentPath;
            return (
              <UnstyledButton
                key={section.path}
                component={Link}
                to={`/settings/${section.path}`}
                className={classes.card}
                data-active={current || undefined}
                aria-current={current ? 'page' : undefined}
                title={section.description}
              >
                <ThemeIcon
                  variant={current ? 'filled' : 'light'}
                  size={30}
                  radius="md"
                  className={classes.icon}
                >
                  <section.icon size={17} stroke={1.7} />
                </ThemeIcon>
                <Text component="span" size="sm" fw={600} lh={1.25} className={classes.label}>
                  {section.label}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </PhoneDisclosure>
    </Box>
  );
}
