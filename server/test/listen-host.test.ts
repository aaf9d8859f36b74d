/**
 * HOST binds the web process to one address (docs/auth.md): behind a
 * balancer whose X-Forwarded-For is trusted, nobody else may reach the port. The real web
 * process with HOST=127.0.0.1 answers there and refuses a connection to another address
 * of the machine (127.0.0.2 reaches the same loopback interface on Linux).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let child: ChildProcess | undefined;
let port = 0;
afterAll(() => {
  child?.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a TCP connection to host:port opens ("open") or is refused ("refused"). */
function tryConnect(host: string): Promise<"open" | "refused"> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("open");
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve("refused") : reject(error),
    );
  });
}

// A real process starts on a busy machine: wait for "web listening", not a clock.
beforeAll(async () => {
  port = await freePort();
  const started = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
    // Production: a test run's logger is silent, and "web listening" is what we wait for.
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = started;
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("web listening")) resolve();
    };
    started.stdout?.on("data", onData);
    started.stderr?.on("data", onData);
    started.on("exit", (code) => reject(new Error(`web exited with ${code}:\n${output}`)));
  });
}, 180_000);

describe("HOST", () => {
  it("listens on the address given, and on no other", async () => {
    expect(await tryConnect("127.0.0.1")).toBe("open");
    expect(await tryConnect("127.0.0.2")).toBe("refused");
  });
});
