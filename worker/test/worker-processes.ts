/**
 * The real e-mail worker in processes of their own, for the tests that kill one mid-send
 * (invitations and booking notices: exactly once across a SIGKILL, docs/reliability.md).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (hasExited(child) ? resolve() : child.once("exit", () => resolve())));

/** The worker processes one test file starts, and how it ends them. */
export function workerProcesses() {
  const children: ChildProcess[] = [];
  return {
    /** Resolves once the worker says it listens on the queue (however long a busy machine takes). */
    start(smtpUrl: string): Promise<ChildProcess> {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(HERE, "invitation-worker-process.ts")],
        {
          env: { ...process.env, SMTP_URL: smtpUrl },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      children.push(child);
      return new Promise((resolve, reject) => {
        child.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("worker ready")) resolve(child);
        });
        child.once("exit", (code, signal) => reject(new Error(`worker exited early (${signal ?? code})`)));
      });
    },
    /** Kills `child` without a chance to finish anything, and waits until it is gone. */
    async killHard(child: ChildProcess): Promise<void> {
      child.kill("SIGKILL");
      await exited(child);
      expect(child.signalCode).toBe("SIGKILL");
    },
    /** SIGTERM lets a worker finish its running job and exit; resolves once every one has exited. */
    async stopAll(): Promise<void> {
      for (const child of children.splice(0)) {
        if (!hasExited(child)) child.kill("SIGTERM");
        await exited(child);
      }
    },
  };
}
