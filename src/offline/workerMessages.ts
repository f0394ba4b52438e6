// The service worker's messages heard from the entry on. Under a worker the entry asks for
// the survey at once (src/main.tsx), so the worker's word about it ('This survey has been updated.',
// 'You are viewing cached data.') can come before the offline runtime has loaded and listens: a message
// nobody listens for when the page's client message queue opens is lost. What comes before is held
// here and handed to the runtime's listener when it starts (register.ts). Kept tiny and free of imports:
// the entry carries it.

const held: unknown[] = [];
let deliver: ((data: unknown) => void) | null = null;
let attached = false;

function attach(): boolean {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return false;
  if (!attached) {
    attached = true;
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent<unknown>) => {
      if (deliver) deliver(e.data);
      else held.push(e.data);
    });
  }
  return true;
}

/** Starts listening and holds what comes (the entry, before it asks for anything the worker may talk about). */
export function holdWorkerMessages(): void {
  attach();
}

/** Every message from the worker, those held so far first, from now on to `fn`. */
export function onWorkerMessages(fn: (data: unknown) => void): void {
  if (!attach()) return;
  deliver = fn;
  for (const data of held.splice(0)) fn(data);
}
