import { z } from "zod";

export const VERSION_MESSAGE = "Version must be a whole number";

/**
 * The version of a row the client last saw (docs/api.md):
 * a save made on an older one is refused with 409 `stale` instead of overwriting a change.
 */
export const ZVersion = z
  .number({ message: VERSION_MESSAGE })
  .int({ message: VERSION_MESSAGE })
  .positive({ message: VERSION_MESSAGE });

/**
 * A settings row's version, where 0 names the defaults never saved (the row does not exist
 * yet): two first saves take turns and the second is told the first happened (409 stale).
 */
export const ZSettingsVersion = z
  .number({ message: VERSION_MESSAGE })
  .int({ message: VERSION_MESSAGE })
  .min(0, { message: VERSION_MESSAGE });
