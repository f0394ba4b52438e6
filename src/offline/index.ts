// What the rest of the app uses of src/offline. The fill page needs useOfflineFill and the components;
// main.tsx starts the runtime.
export { startOffline, syncNow } from './runtime';
export { useOfflineFill, type FillSnapshot, type OfflineFill, type OfflineFillOptions, type SelectedDraft } from './useOfflineFill';
export type { SubmitOutcome } from './submit';
export { OnlineIndicator, WorksOfflineDialog } from './ui/OnlineIndicator';
export { OutboxIndicator } from './ui/OutboxIndicator';
export { DraftButtons } from './ui/DraftButtons';
export { FILL_INTERACTIVE_EVENT } from './sw/contract';
