/** The element a navigation moves focus to: the page's h1 (rendered by PageHeader). */
export const PAGE_HEADING_SELECTOR = 'main h1';

/** How long after its heading first shows a heading re-rendered by a late chunk gets focus back. */
const SETTLE_MS = 2500;
/** How long a navigation waits for its page's heading at all (a slow phone, a busy server). */
const WAIT_MS = 30_000;

/**
 * Moves focus to the page's heading once it is rendered (pages load lazily), unless the user
 * already put focus inside the page. Until the page settles (2.5 s after its heading first
 * shows, however long its code took to arrive), a heading that was replaced (a Suspense boundary
 * swapping its content) gets focus again when focus fell to <body>; the first key press or
 * pointer press ends that watch. Answers a cancel function.
 */
export function focusPageHeadingWhenShown(): () => void {
  const started = performance.now();
  let shown: number | undefined;
  let frame = 0;
  let focusedOnce = false;
  let userActed = false;
  const stop = () => {
    userActed = true;
  };
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  const tick = () => {
    const now = performance.now();
    if (userActed || now - (shown ?? now) > SETTLE_MS || now - started > WAIT_MS) return cleanup();
    const heading = document.querySelector<HTMLElement>(PAGE_HEADING_SELECTOR);
    if (heading) shown ??= now;
    const active = document.activeElement;
    const onBody = !active || active === document.body;
    const inPage = !onBody && Boolean(document.querySelector('main')?.contains(active));
    if (heading && active !== heading && (onBody || (!focusedOnce && !inPage))) {
      heading.focus();
      focusedOnce = true;
    }
    frame = requestAnimationFrame(tick);
  };
  const cleanup = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  frame = requestAnimationFrame(tick);
  return cleanup;
}
