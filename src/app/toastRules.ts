// How long a toast stays and how many show at once (spec 000 section 8), for both toast lists: Chakra's
// (./toastStore.tsx) and the survey address's own (./fillToasts.tsx).
export const TOAST_MS = 5000;
export const TOAST_MAX = 5;
