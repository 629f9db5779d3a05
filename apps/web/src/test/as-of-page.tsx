import type { ServerResponse } from 'node:http';
import type { User } from '@salary/shared/auth/auth.contract';
import { type Company, DEFAULT_COMPANY_FORMAT } from '@salary/shared/company/company.contract';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { CompanyFormatProvider } from '../lib/company-format.tsx';
import { envelope, type RecordedRequest, sendJson, type TestServer } from './http-test-server.ts';
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

/** Signs `user` in; GET /api/company answers ACME_COMPANY and `answer` the rest (with the parsed address). */
export function serveWithCompany(
  server: TestServer,
  user: User,
  answer: (url: URL, req: RecordedRequest, res: ServerResponse) => void,
): void {
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
export function renderAsOfPage(path: string, page: ReactNode, query = '') {
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
