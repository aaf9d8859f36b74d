import { Router } from "express";

/** Filled in by this resource's issue; mounted under /api by routes/index.ts. */
export const jobsRouter = Router();
