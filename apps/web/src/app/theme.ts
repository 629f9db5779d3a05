import { createTheme } from '@mantine/core';

/** Calm and neutral: indigo accents on white and light gray, system fonts (no font downloads). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 6,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
  },
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    // Sentence case reads calmer than Mantine's default uppercase badges.
    Badge: { defaultProps: { radius: 'sm', tt: 'none', fw: 500 } },
  },
});
