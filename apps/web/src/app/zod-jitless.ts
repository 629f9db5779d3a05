/*
 * Zod compiles a fast parser with `new Function` unless told not to, and probes for it at the
 * first object schema it builds. The app's Content-Security-Policy (`script-src 'self'`) forbids
 * that, so the browser reported a violation on every page even though zod caught the throw.
 * `jitless` skips the probe and the compiled parser. It must run before any schema is built:
 * main.tsx imports this module first.
 */
import { config } from 'zod';

config({ jitless: true });
