import type { ServerResponse } from 'node:http';
import type { User } from '@salary/shared/auth/auth.contract';
import { type Company, DEFAULT_COMPANY_FORMAT } from '@salary/shared/company/company.contract';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, vi } from 'vitest';
import { CompanyFormatProvider } from '../lib/company-format.tsx';
import { newUser } from './fixtures.ts';
import {
  envelope,
  type RecordedRequest,
  sendJson,
  setPageUrl,
  type TestServer,
  testServerForFile,
} from './http-test-server.ts';
import { renderWithProviders } from './render-app.tsx';
import { serveSignedIn } from './sign-in.ts';

/*
 * The pages with an As of day (?asOf= in the address): one company record in dollars, British
 * dates and UTC, and the page rendered beside what the address's query string reads.
 */

export const ACME_COMPANY: Company = {
  companyName: 'Acme',
  currency: DEFAULT_COMPANY_FORMAT.currency,
  locale: 'en-GB',
  timeZone: 'UTC',
  standardWeeklyHours: 40,
  version: 1,
  updatedAt: null,
};

/** An administrator: sees every figure and is offered every write. */
export const ADMIN = newUser({ isAdmin: true, role: 'admin', permissions: {} });

/** jsdom has no download: before each test, a file link is only clicked. */
export function fakeDownloads(): void {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
}

/** A download's answer: a few bytes of a file. */
export function sendFile(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  res.end('xlsx');
}

type CompanyAnswer = (url: URL, req: RecordedRequest, res: ServerResponse) => void;

/**
 * A test file's page with an As of day at `path`: the file's test server, the jsdom page put at
 * `path` before each test, and `open`, which signs `user` in (`answer` serving all but the
 * company record) and renders `page` at `path` + `query`.
 */
export function asOfPage(path: string, page: ReactNode) {
  const server = testServerForFile();
  beforeEach(() => setPageUrl(`${server.origin}${path}`));
  return {
    server,
    open(user: User, answer: CompanyAnswer, query = '') {
      serveWithCompany(server, user, answer);
      return renderAsOfPage(path, page, query);
    },
    /** The addresses the page asked of `pathname`, parsed. */
    asked: (pathname: string) =>
      server.requests.map((r) => new URL(r.path, server.origin)).filter((u) => u.pathname === pathname),
  };
}

/** Signs `user` in; GET /api/company answers ACME_COMPANY and `answer` the rest (with the parsed address). */
function serveWithCompany(server: TestServer, user: User, answer: CompanyAnswer): void {
  serveSignedIn(server, user, (req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/company') return sendJson(res, 200, envelope(ACME_COMPANY));
    answer(url, req, res);
  });
}

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

/** The query string the address holds now. */
export const where = () => screen.getByTestId('where').textContent;

/** Renders `page` at `path` + `query` within the company's format, with the address's query string beside it. */
function renderAsOfPage(path: string, page: ReactNode, query = '') {
  return renderWithProviders(
    <CompanyFormatProvider>
      <Routes>
        <Route
          path={path}
          element={
            <>
              {page}
              <Where />
            </>
          }
        />
      </Routes>
    </CompanyFormatProvider>,
    { route: `${path}${query}` },
  );
}
