import bcrypt from "bcrypt";
import { config } from "../config";

export const hashPassword = (plain: string) => bcrypt.hash(plain, config.bcryptRounds);

/** A hash to compare against when the e-mail is unknown, so both failures take as long. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(plain: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    decoyHash ??= bcrypt.hash("decoy-password-for-timing", config.bcryptRounds);
    await bcrypt.compare(plain, await decoyHash);
    return false;
  }
  return bcrypt.compare(plain, hash);
}
