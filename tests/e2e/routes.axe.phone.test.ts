// The route sweep (routes.sweep.ts) at 360 px in German.
import { sweepRoutes } from './routes.sweep';

sweepRoutes([['phone', 'de']], false);
