import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetCompanyFormat } from '../lib/company-format.tsx';
import { fixedMediaQuery } from './media-query.ts';

// jsdom lacks the layout APIs Mantine asks for; these stand-ins answer "no match / no size".
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQuery(query, false);
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// findBy*/waitFor wait for what a user would wait for: the 1 s default is too short on a busy
// machine, and a passing test never waits longer.
configure({ asyncUtilTimeout: 5_000 });

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  resetCompanyFormat();
});
