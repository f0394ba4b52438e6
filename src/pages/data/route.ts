// The Survey Data route's address and roles, declared once: the route table (src/app/routes.ts) and the
// entry's early calls (./prefetch.ts, which must stay free of the route table's imports) both read them.
import { ALL_BUT_COLLECTOR } from '../../../schemas/roles';
import { SURVEY_DATA_PAGE } from '../../../schemas/pages';

export const DATA_ROUTE = { path: SURVEY_DATA_PAGE, access: ALL_BUT_COLLECTOR } as const;
