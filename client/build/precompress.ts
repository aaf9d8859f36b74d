import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

/** Files worth compressing (.mjs: MapLibre's worker); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|webmanifest|json)$/;
/** Below this size the encoding header costs about what compression saves. */
const MIN_COMPRESS_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at
 * the highest levels; the server sends one when the browser accepts it (server/src/app.ts).
 * Runs last, after the service worker is written.
 */
export const precompress: Plugin = {
  name: "sched:precompress",
  apply: "build",
  closeBundle: {
    order: "post",
    handler() {
      const outDir = this.environment.config.build.outDir;
      const root = path.resolve(this.environment.config.root, outDir);
      for (const file of filesUnder(root)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  },
};
