/**
 * Bad input never answers 500 (property-input-run.ts): the suite's lists, its snapshot, and
 * the first half of the routes that read a body or a query.
 */
import {
  describeBodiesAndQueries,
  describeCompanySnapshot,
  describeRouteLists,
  usePropertyCompany,
} from "./property-input-run";
import { TARGETS } from "./property-input-targets";

usePropertyCompany();
describeRouteLists();
describeCompanySnapshot();
describeBodiesAndQueries(TARGETS.slice(0, Math.ceil(TARGETS.length / 2)));
