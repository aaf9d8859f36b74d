/**
 * Visit link tokens (docs/visits.md): a signed visit_link id (../links/signed-id.ts). The
 * row says which job the link opens and whether it still works (revoked, expired).
 */
import { signedIds } from "../links/signed-id";

const tokens = signedIds("scheduler/visit-link/v1");

export const visitToken = tokens.tokenOf;

/** The link id a token was made for, or undefined when it is malformed or forged. */
export const linkIdOfToken = tokens.idOf;
