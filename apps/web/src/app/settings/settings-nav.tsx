import { SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import classes from './settings-nav.module.css';
import type { SettingsSection } from './settings-sections.ts';

interface SettingsNavProps {
  sections: SettingsSection[];
  currentPath: string | undefined;
}

/** One card link per visible section; the current one is highlighted (spec §2 Settings hub). */
export function SettingsNav({ sections, currentPath }: SettingsNavProps) {
  return (
    <SimpleGrid
      component="nav"
      aria-label="Settings sections"
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing={{ base: 'xs', sm: 'sm' }}
      mb="lg"
    >
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
            <ThemeIcon variant={current ? 'filled' : 'light'} size={30} radius="md" className={classes.icon}>
              <section.icon size={17} stroke={1.7} />
            </ThemeIcon>
            <Text component="span" size="sm" fw={600} lh={1.25} className={classes.label}>
              {section.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
