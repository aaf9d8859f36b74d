/**
 * The company's drive settings (company settings `drive`, docs/places.md) and the speed
 * learned from its own taps. The model itself and the estimate: ../drive-time.ts.
 */
import { z } from "zod";

export const ROAD_FACTOR_INVALID = "Road factor must be 1 to 3";
export const AVERAGE_SPEED_INVALID = "Average speed must be 5 to 130 km/h";
export const PARK_MINUTES_INVALID = "Minutes to park must be 0 to 60 whole minutes";
export const DRIVE_INVALID = "Drive time needs roadFactor, averageSpeedKmh and parkMinutes";

/** How many trips the learned speed needs before it is offered. */
export const LEARNED_SPEED_MIN_TRIPS = 10;

/** PUT settings' `drive`: all three numbers. */
export const ZDriveModel = z.object(
  {
    roadFactor: z
      .number({ message: ROAD_FACTOR_INVALID })
      .min(1, { message: ROAD_FACTOR_INVALID })
      .max(3, { message: ROAD_FACTOR_INVALID }),
    averageSpeedKmh: z
      .number({ message: AVERAGE_SPEED_INVALID })
      .min(5, { message: AVERAGE_SPEED_INVALID })
      .max(130, { message: AVERAGE_SPEED_INVALID }),
    parkMinutes: z
      .number({ message: PARK_MINUTES_INVALID })
      .int({ message: PARK_MINUTES_INVALID })
      .min(0, { message: PARK_MINUTES_INVALID })
      .max(60, { message: PARK_MINUTES_INVALID }),
  },
  { message: DRIVE_INVALID },
);

/** The settings answer's `drive`. */
export const ZDriveModelDTO = z
  .object({
    roadFactor: z.number().describe("Road distance / straight-line distance; 1.3 fits a town's grid"),
    averageSpeedKmh: z.number().describe("Average speed door to door, km/h"),
    parkMinutes: z.int().describe("Minutes to park and walk to the door, added to every drive"),
  })
  .meta({ id: "DriveModel" });

/**
 * GET /api/companies/:companyId/drive-speed: the average speed of the company's own trips
 * (On my way -> Start of the next job, both places known), once there are enough.
 */
export const ZLearnedDriveSpeed = z
  .object({
    trips: z.int().describe("Trips the speed is learned from (outliers dropped)"),
    minTrips: z.int().describe("Trips needed before a speed is offered"),
    averageSpeedKmh: z
      .number()
      .nullable()
      .describe("Median speed of those trips, km/h, rounded; null until there are minTrips"),
  })
  .meta({ id: "LearnedDriveSpeed" });
export type LearnedDriveSpeedDTO = z.infer<typeof ZLearnedDriveSpeed>;
