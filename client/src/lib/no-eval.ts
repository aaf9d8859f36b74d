/**
 * The page's Content-Security-Policy allows no eval (server/src/app.ts). zod (through the
 * shared schemas) probes for it with `new Function("")` before its first parse, and that
 * probe alone is reported as a CSP violation (the browser's Issues panel, Lighthouse's best
 * practices). `jitless` skips the probe; the schemas parse the same way, without compiled code.
 * zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already
 * there, so this sets it without importing zod: the first screen stays free of it
 * (docs/accessibility.md, Lighthouse).
 */
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

const zodHost = globalThis as ZodGlobal;
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };
