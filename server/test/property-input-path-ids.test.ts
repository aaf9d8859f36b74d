/** Bad input never answers 500 (property-input-run.ts): malformed and unknown ids in every path and header. */
import { describePathIds, usePropertyCompany } from "./property-input-run";

usePropertyCompany();
describePathIds();
