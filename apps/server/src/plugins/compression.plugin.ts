import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Brotli quality for answers compressed per request: 4 is fast, and far smaller than gzip. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };
/** Answers smaller than this go out as they are: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * API answers are compressed on the fly for clients that ask (Accept-Encoding: br or gzip),
 * above the threshold; other clients get exactly what they got before. Static assets go out
 * precompressed (web-app.plugin.ts) and the employee list from its own cache (employees.wire.ts);
 * both set Content-Encoding themselves, which this plugin then leaves alone. Downloads that
 * are compressed already (.xlsx) are not a compressible type. Request bodies are never
 * inflated: the body limits stay limits on what arrives.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    globalDecompression: false,
  });
});
