/**
 * The gateway's publishing connection (core/src/redis.ts, docs/realtime.md "The job's event
 * first"): a publish is written to Redis at the end of the caller's turn of the event loop,
 * after whatever the caller does next in that turn (the adapter's writes to this process's
 * own sockets), a message handed over unencoded is encoded then, and a publish still
 * answers as a publish does.
 */
import { newGatewayPublishConnection, newPublishConnection, PendingMessage } from "@sched/core/redis";
import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";

const opened: Redis[] = [];
afterAll(() => {
  for (const connection of opened) connection.disconnect();
});

/** A ready connection whose socket writes are counted. */
async function counted(open: () => Redis) {
  const connection = open();
  opened.push(connection);
  await connection.ping();
  const writes = { count: 0 };
  const stream = (connection as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream;
  const write = stream.write.bind(stream);
  stream.write = (...args: unknown[]) => {
    writes.count++;
    return write(...args);
  };
  return { connection, writes };
}

describe("the gateway's publishing connection", () => {
  it("writes a publish once the caller's turn is over, and answers it as Redis does", async () => {
    const { connection, writes } = await counted(newGatewayPublishConnection);
    const subscriber = newPublishConnection();
    opened.push(subscriber);
    const heard = new Promise<string>((resolve) =>
      subscriber.on("message", (_channel, message) => resolve(message)),
    );
    await subscriber.subscribe("publish-connection-test");

    const answered = connection.publish("publish-connection-test", "hello");
    expect(writes.count).toBe(0);
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(writes.count).toBe(1);
    expect(await answered).toBe(1);
    expect(await heard).toBe("hello");
  });

  it("encodes a pending message when it publishes it, and sends its bytes as they are", async () => {
    const { connection, writes } = await counted(newGatewayPublishConnection);
    const subscriber = newPublishConnection();
    opened.push(subscriber);
    const heard = new Promise<Buffer>((resolve) =>
      subscriber.on("messageBuffer", (_channel: Buffer, message: Buffer) => resolve(message)),
    );
    await subscriber.subscribe("publish-connection-bytes");
    // Not valid UTF-8: bytes that a conversion to text would change.
    const bytes = Buffer.from([0x93, 0xff, 0x00, 0xc3, 0x28]);
    let encodings = 0;
    const pending = new PendingMessage(() => {
      encodings++;
      return bytes;
    });

    const answered = connection.publish("publish-connection-bytes", pending as never);
    expect([encodings, writes.count]).toEqual([0, 0]);
    expect(await answered).toBe(1);
    expect(encodings).toBe(1);
    expect((await heard).equals(bytes)).toBe(true);
  });

  it("writes anything else at once, like every other connection", async () => {
    const { connection, writes } = await counted(newGatewayPublishConnection);
    const answered = connection.ping();
    expect(writes.count).toBe(1);
    expect(await answered).toBe("PONG");
    const plain = await counted(newPublishConnection);
    plain.connection.publish("publish-connection-test", "now");
    expect(plain.writes.count).toBe(1);
  });
});
