import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

/*
 * WCAG 2.1 AA (issue 23): text, primary and error colours ≥ 4.5:1 on white and on the gray-0
 * page; control borders and focus rings ≥ 3:1. Mantine's stock gray-6 (dimmed text, 3.3:1) and
 * gray-4 borders (1.5:1) fail, so two grays are darkened, filled buttons use shade 8, and
 * error, success, anchor and placeholder point at shades that pass. Contrast ratios are
 * checked by the axe browser test (e2e/a11y.e2e.test.ts) on every screen.
 */
const gray = [...DEFAULT_THEME.colors.gray] as unknown as MantineColorsTuple;
(gray as unknown as string[])[5] = '#868e96'; // 3.3:1 on white: control borders
(gray as unknown as string[])[6] = '#5f676f'; // 5.7:1 on white, 5.4:1 on gray-0: dimmed text
// Light variants (badges, alerts) write in shade 9 on shade 1: stock yellow-9 is 2.7:1 there.
const yellow = [...DEFAULT_THEME.colors.yellow] as unknown as MantineColorsTuple;
(yellow as unknown as string[])[9] = '#8f5a00'; // 5.0:1 on yellow-1
const orange = [...DEFAULT_THEME.colors.orange] as unknown as MantineColorsTuple;
(orange as unknown as string[])[9] = '#9c4a0a'; // 5.2:1 on orange-1
const green = [...DEFAULT_THEME.colors.green] as unknown as MantineColorsTuple;
(green as unknown as string[])[9] = '#237032'; // 5.3:1 on green-1 (stock #2b8a3e: 3.8:1)
const teal = [...DEFAULT_THEME.colors.teal] as unknown as MantineColorsTuple;
(teal as unknown as string[])[9] = '#08704f'; // 5.4:1 on the light tint (stock #087f5b: 4.4:1)

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    '--mantine-color-anchor': 'var(--mantine-primary-color-filled)',
  },
  dark: {},
});

/** Calm and neutral: indigo accents on white and light gray, system fonts (no font downloads). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 of indigo is 5.7:1 under white text (shade 6 was 4.3:1); red-8 4.5:1.
  primaryShade: 8,
  colors: { gray, yellow, orange, green, teal },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Someone whose system asks for reduced motion (vestibular disorders) gets modals, menus and
  // drawers that appear and go without sliding or fading (and toasts without bouncing: global.css).
  respectReducedMotion: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
  },
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    // Every modal's close button is named (axe: button-name, critical).
    Modal: {
      defaultProps: {
        radius: 'md',
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Sentence case reads calmer than Mantine's default uppercase badges.
    Badge: { defaultProps: { radius: 'sm', tt: 'none', fw: 500 } },
    // Every select jumps to what is typed: "G2", then ↓ and Enter, picks G2 (a closed,
    // non-searchable select would ignore the typing and pick the first option). Not on a
    // touch screen without a mouse: there a tap on a searchable select opens the on-screen
    // keyboard over the options.
    // The options are drawn when the list opens, not kept hidden in the page: a hidden list
    // is still drawn, and placed beside its input (a forced style recalculation and a
    // synchronous re-render each), which made a form with four selects slow to start.
    Select: {
      defaultProps: {
        searchable: !touchOnly(),
        nothingFoundMessage: 'Nothing found',
        comboboxProps: { keepMounted: false },
      },
    },
  },
});

/** A phone or tablet: the primary pointer is a finger and there is no mouse. */
function touchOnly(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches
    : false;
}

export { cssVariablesResolver };
