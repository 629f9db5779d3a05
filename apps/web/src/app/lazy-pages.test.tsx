import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-pages.ts';

function Page() {
  return <p>the page</p>;
}

describe('a page in its own chunk', () => {
  it('shows at once, without its loader, when its code was asked for before', async () => {
    let downloads = 0;
    const Lazy = lazyPage(async () => {
      downloads += 1;
      return { default: Page };
    });
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    // The first commit already holds the page: no loader flashed (React would keep it ≥ 300 ms).
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(downloads).toBe(1);
  });

  it('shows its loader until the code is here when nobody asked before', async () => {
    let release: () => void = () => {};
    const Lazy = lazyPage(() => new Promise((resolve) => (release = () => resolve({ default: Page }))));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('downloads again after a failed download', async () => {
    let downloads = 0;
    const Lazy = lazyPage(async () => {
      downloads += 1;
      if (downloads === 1) throw new Error('network down');
      return { default: Page };
    });
    await expect(Lazy.preload()).rejects.toThrow('network down');
    await Lazy.preload();
    expect(downloads).toBe(2);
  });
});
