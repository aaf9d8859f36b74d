/**
 * Presence on the board: who else is looking at the same week. Built with the
 * live-updates issue; the gateway calls this for every connected socket.
 */
import type { Socket } from "socket.io";
import type { Gateway } from "./gateway";

export function registerPresence(_io: Gateway, _socket: Socket): void {}
