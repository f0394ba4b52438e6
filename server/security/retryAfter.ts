// Every 503 tells the client when to come back. A lost database connection heals within a few
// seconds (the pool reconnects), so the offline outbox and well-behaved clients retry after that
// instead of at once.
import type { App } from '../envelope';

export const RETRY_AFTER_SECONDS = 5;

export function retryAfterOnUnavailable(app: App): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return payload;
  });
}
