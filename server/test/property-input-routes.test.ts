/** Bad input never answers 500 (property-input-run.ts): the second half of the routes that read a body or a query. */
import { describeBodiesAndQueries, usePropertyCompany } from "./property-input-run";
import { TARGETS } from "./property-input-targets";

usePropertyCompany();
describeBodiesAndQueries(TARGETS.slice(Math.ceil(TARGETS.length / 2)));
