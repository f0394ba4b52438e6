// Files of the project named from its root, for the plugins in this folder.
import { fileURLToPath } from 'node:url';

export const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
