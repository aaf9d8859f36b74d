/**
 * The built client as the server sends it (server/src/http/client-files.ts): hashed assets
 * compressed when the browser accepts it and cached for a year; index.html, the service
 * worker and client-side routes revalidated on every load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { IMMUTABLE, REVALIDATE, serveClientFiles } from "../src/http/client-files";

const dist = mkdtempSync(path.join(os.tmpdir(), "sched-client-files-"));
const SCRIPT = `export const board = "${"the board ".repeat(500)}";\n`;
const INDEX = `<!doctype html><html><body>${"<div></div>".repeat(200)}</body></html>`;

/** A build as client/vite.config.ts leaves it: each text file with its .br and .gz copies. */
function writeBuilt(file: string, content: string) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
}
writeBuilt("assets/board-Dk3x9A1b.js", SCRIPT);
writeBuilt("assets/board-Q1w2e3r4.css", `.board{color:red}${" ".repeat(2000)}`);
writeBuilt("index.html", INDEX);
writeBuilt("sw.js", `self.addEventListener("fetch", () => {});${" ".repeat(2000)}`);

const app = express();
serveClientFiles(app, dist);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the built client's files", () => {
  it("sends a hashed script brotli-compressed when accepted, cached for a year", async () => {
    const res = await request(app)
      .get("/assets/board-Dk3x9A1b.js")
      .set("Accept-Encoding", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // What went over the wire (supertest hands back the decoded text).
    expect(Number(res.headers["content-length"])).toBeLessThan(SCRIPT.length / 4);
    expect(res.text).toBe(SCRIPT);
  });

  it("sends gzip to a browser that accepts only gzip, and CSS the same way", async () => {
    const script = await request(app).get("/assets/board-Dk3x9A1b.js").set("Accept-Encoding", "gzip");
    expect(script.headers["content-encoding"]).toBe("gzip");
    expect(script.text).toBe(SCRIPT);
    const style = await request(app).get("/assets/board-Q1w2e3r4.css").set("Accept-Encoding", "gzip, br");
    expect(style.headers["content-encoding"]).toBe("br");
    expect(style.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("sends the plain file to a browser that accepts no encoding", async () => {
    const res = await request(app).get("/assets/board-Dk3x9A1b.js").set("Accept-Encoding", "identity");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(SCRIPT);
  });

  it("answers 404 for an asset that is not there (an old build's file)", async () => {
    const res = await request(app).get("/assets/board-0ld0ld00.js");
    expect(res.status).toBe(404);
  });

  it("revalidates index.html on every load, for any client-side route", async () => {
    for (const url of ["/", "/customers/123", "/index.html"]) {
      const res = await request(app).get(url).set("Accept-Encoding", "gzip");
      expect(res.status, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe(REVALIDATE);
      expect(res.headers["content-encoding"], url).toBe("gzip");
      expect(res.text, url).toBe(INDEX);
    }
  });

  it("revalidates the service worker, so a new release is found at once", async () => {
    const res = await request(app).get("/sw.js").set("Accept-Encoding", "br");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe(REVALIDATE);
  });
});
