// The Survey Data route's address and roles, declared once: the route table (src/app/routes.ts) and the
// entry's early calls (./prefetch.ts, which must stay free of the route table's imports) both read them.
import { ALL_BUT_COLLECTOR } from '../../../schemas/roles';

export const DATA_ROUTE = { path: '/survey/survey-data', access: ALL_BUT_COLLECTOR } as const;
