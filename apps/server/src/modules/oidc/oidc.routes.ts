import { randomUUID } from 'node:crypto';
import { sessionData } from '@salary/shared/auth/auth.contract';
import { authOptionsSchema, type SsoErrorReason } from '@salary/shared/oidc/oidc.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config, OidcConfig } from '../../config.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { createCookieSealer, FLOW_COOKIE, HANDOFF_COOKIE, readCookie } from './oidc.cookies.ts';
import type { FlowState } from './oidc.service.ts';
import { signInWithSso } from './oidc.sign-in.ts';

/** Time to sign in at the provider. */
const FLOW_TTL_SECONDS = 10 * 60;
/** Time for the web app to collect the sign-in after the redirect. */
const HANDOFF_TTL_SECONDS = 60;
const SSO_EXPIRED = 'Single sign-on expired. Please sign in again.';

const loginError = (reason: SsoErrorReason) => `/login?sso=error&reason=${reason}`;

const doc = routeDoc('auth');

/** A browser step of the sign-in: public, and the answer is a redirect, never a body. */
const browserStep = (summary: string, where: string) =>
  doc(summary, { 302: z.undefined().describe(`Redirects to ${where}`) }, { config: { public: true } });

function asFlow(payload: Record<string, unknown> | null): FlowState | null {
  if (!payload) return null;
  const { state, nonce, verifier } = payload;
  return typeof state === 'string' && typeof nonce === 'string' && typeof verifier === 'string'
    ? { state, nonce, verifier }
    : null;
}

/** GET /auth/options always; the SSO routes exist only when single sign-on is configured. */
export const oidcRoutes: FastifyPluginAsyncZod<{ config: Config; cookieSecret: string }> = async (
  app,
  opts,
) => {
  const { oidc, passwordLogin } = opts.config;

  app.get(
    '/auth/options',
    doc('How to sign in here (asked by the login screen)', authOptionsSchema, { config: { public: true } }),
    async () => ok({ sso: oidc !== undefined, passwordLogin }),
  );

  if (oidc) await registerSsoRoutes(app, oidc, opts.cookieSecret);
};

async function registerSsoRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  config: OidcConfig,
  cookieSecret: string,
) {
  const service = app.services.oidc;
  if (!service) throw new Error('single sign-on is configured but its service was not built');
  const cookies = createCookieSealer(cookieSecret, config.redirectUri.startsWith('https:'));
  // Handoffs already collected by this process: a copied cookie cannot be spent twice here.
  const collected = new Map<string, number>();

  app.get(
    '/auth/oidc/start',
    browserStep(
      'Start single sign-on (redirects to the provider)',
      'the provider, or /login with a reason when it cannot be reached',
    ),
    async (request, reply) => {
      let started: Awaited<ReturnType<typeof service.start>>;
      try {
        started = await service.start();
      } catch (error) {
        request.log.error({ err: error }, 'single sign-on: the provider could not be reached');
        return reply.redirect(loginError('failed'));
      }
      cookies.set(
        reply,
        FLOW_COOKIE,
        await cookies.seal({ ...started.flow }, FLOW_TTL_SECONDS),
        FLOW_TTL_SECONDS,
      );
      return reply.header('cache-control', 'no-store').redirect(started.url);
    },
  );

  app.get(
    '/auth/oidc/callback',
    browserStep(
      'Where the provider sends the browser back',
      '/login/sso to collect the sign-in, or /login with a reason',
    ),
    async (request, reply) => {
      const flow = asFlow(await cookies.open(readCookie(request, FLOW_COOKIE)));
      // The flow is spent whatever happens next: a second visit to this URL starts nothing.
      cookies.clear(reply, FLOW_COOKIE);
      reply.header('cache-control', 'no-store');
      const callbackUrl = new URL(config.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const outcome = await service.finish(callbackUrl, flow);
      if (!outcome.ok) return reply.redirect(loginError(outcome.reason));
      const handoff = { uid: outcome.user.id, jti: randomUUID() };
      cookies.set(
        reply,
        HANDOFF_COOKIE,
        await cookies.seal(handoff, HANDOFF_TTL_SECONDS),
        HANDOFF_TTL_SECONDS,
      );
      // The token itself never travels in a URL: the page there collects it with a POST.
      return reply.redirect('/login/sso');
    },
  );

  app.post(
    '/auth/oidc/session',
    doc('Collect the sign-in single sign-on prepared', sessionData, {
      body: z.object({}),
      config: { public: true, writeScope: 'none' },
    }),
    async (request, reply) => {
      const handoff = await cookies.open(readCookie(request, HANDOFF_COOKIE));
      cookies.clear(reply, HANDOFF_COOKIE);
      const userId = Number(handoff?.uid);
      const jti = typeof handoff?.jti === 'string' ? handoff.jti : '';
      const now = Date.now();
      for (const [id, expires] of collected) if (expires <= now) collected.delete(id);
      if (!Number.isSafeInteger(userId) || !jti || collected.has(jti)) throw unauthorized(SSO_EXPIRED);
      collected.set(jti, now + HANDOFF_TTL_SECONDS * 1000);
      const user = await service.handoffUser(userId);
      if (!user) throw unauthorized(SSO_EXPIRED);
      return ok(await signInWithSso(app, request, user), 'Login successful');
    },
  );
}
