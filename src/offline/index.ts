// What the rest of the app uses of src/offline: the fill page needs useOfflineFill and the components.
// The runtime (./runtime.ts) is a chunk of its own, which src/app/start.tsx imports to start it.
export { useOfflineFill, type FillSnapshot, type OfflineFill, type OfflineFillOptions, type SelectedDraft } from './useOfflineFill';
export type { SubmitOutcome } from './submit';
export { OnlineIndicator } from './ui/OnlineIndicator';
export { OutboxIndicator } from './ui/OutboxIndicator';
export { DraftButtons } from './ui/DraftButtons';
export { FILL_INTERACTIVE_EVENT } from './sw/contract';
