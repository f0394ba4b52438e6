// A route's options read off its declaration in schemas/ (schemas/endpoint.ts): method, path, access,
// request schemas and the answer in the envelope. `app.route({ ...routeOf(E), handler })`; the handler's
// request is typed from the same schemas by the app's type provider.
import type { FastifyContextConfig } from 'fastify';
import type { Endpoint, FileAnswer, Schema } from '../schemas/endpoint';
import { fileReplies, replies } from '../schemas/envelope';

/** What a route adds to its declaration's config: the bot check, working without a subscription (server/access.ts). */
type Extra = Pick<FastifyContextConfig, 'botCheck' | 'withoutSubscription'>;

type SchemaOf<E extends Endpoint> = (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown) &
  (E extends { params: infer P } ? { params: P } : unknown) & {
    response: E['answer'] extends FileAnswer ? ReturnType<typeof fileReplies> : ReturnType<typeof replies<E['answer'] & object>>;
  };

export function routeOf<const E extends Endpoint>(e: E, extra: Extra = {}) {
  const schema: Record<string, unknown> = {
    response: 'file' in e.answer ? fileReplies((e.answer as FileAnswer).file) : replies(e.answer as Schema),
  };
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.params) schema.params = e.params;
  return {
    method: e.method,
    url: e.path,
    config: { access: e.access, endpoint: e, ...extra },
    schema: schema as SchemaOf<E>,
  };
}
