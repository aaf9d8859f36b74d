/** Where the "embedded" project's server keeps its data and its log (e2e/server-embedded.ts). */
import os from "node:os";
import path from "node:path";

export const embeddedDataDir = (port: string) => path.join(os.tmpdir(), `sched-e2e-embedded-${port}`);
export const embeddedLogFile = (port: string) => path.join(embeddedDataDir(port), "server.log");
