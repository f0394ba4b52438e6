// The route sweep (routes.sweep.ts) at 1280 px in English, and the Guest's menus.
import { sweepRoutes } from './routes.sweep';

sweepRoutes([['desktop', 'en']], true);
