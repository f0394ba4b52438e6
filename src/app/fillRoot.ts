// What a survey's address renders (./start.tsx): the fill page in its plain frame (no Chakra:
// ../components/plain/README.md) and the offline side, in one import. Their code is all in the 'fill'
// file (build/vite/fillRouteChunks.ts); each module imported on demand gets a file of its own that only
// re-exports it (a request of about 1.2 KiB on the wire with its headers, on a respondent's slow link), so
// one import here instead of three.
export { FillPage } from '../pages/fill/FillPage';
export { FillFrame as Frame } from './fillFrame';
export { startOffline } from '../offline/runtime';
