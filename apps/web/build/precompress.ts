import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, at the
 * strongest settings (paid once, at build time), for the server to send as they are
 * (@fastify/static `preCompressed`): a first visit downloads compressed bytes and the server
 * spends no CPU compressing assets.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'salary-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        jobs.push(
          (async () => {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
