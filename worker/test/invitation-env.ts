/**
 * Imported first by the invitation worker tests: a Redis prefix of their own for this
 * file, so an e-mail worker started by another test file can never take (and send
 * elsewhere) the invitation jobs these tests wait for. The run's teardown still removes
 * these keys: they start with the run's prefix.
 */
import { randomBytes } from "node:crypto";

process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX ?? "sched-test:"}invitations-${randomBytes(4).toString("hex")}:`;
