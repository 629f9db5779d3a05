import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeadingWhenShown } from './page-focus.ts';

/*
 * After a navigation, focus goes to the new page's h1 once its code has arrived, however long
 * that takes on a slow phone or a busy server: the watch for a replaced heading runs 2.5 s from
 * when the heading first shows, not from the navigation.
 */

function heading(text: string): HTMLElement {
  const h1 = document.createElement('h1');
  h1.tabIndex = -1;
  h1.textContent = text;
  document.querySelector('main')!.append(h1);
  return h1;
}

describe('focusPageHeadingWhenShown', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('focuses a heading that shows 4 s after the navigation, and again when a late chunk replaces it', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    document.body.innerHTML = '<main></main>';
    const cancel = focusPageHeadingWhenShown();
    vi.advanceTimersByTime(4000);
    const first = heading('Add Employee');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(first);
    // Replaced within 2.5 s of showing: the new one takes focus, which had fallen to <body>.
    vi.advanceTimersByTime(1000);
    first.remove();
    const second = heading('Add Employee');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(second);
    // Once settled, the page is the user's: focus left on <body> stays there.
    vi.advanceTimersByTime(2000);
    second.blur();
    vi.advanceTimersByTime(500);
    expect(document.activeElement).toBe(document.body);
    cancel();
  });

  it('never takes focus back from the user, and stops waiting for a heading after 30 s', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    document.body.innerHTML = '<main></main>';
    focusPageHeadingWhenShown();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    heading('Employees');
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);

    document.body.innerHTML = '<main></main>';
    focusPageHeadingWhenShown();
    vi.advanceTimersByTime(31_000);
    heading('Employees');
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
  });
});
