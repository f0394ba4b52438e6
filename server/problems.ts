// Typed API errors. Throw `problem('code')` anywhere below a route; the app's error handler turns it
// into the envelope with the catalogue's status and message. PostgreSQL constraint errors are
// translated here too, in one place.
import { problems, type ProblemCode } from '../schemas/problems';
import { isConnectionLoss } from './db/connectionLoss';

export class Problem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly errors: string[];
  readonly data: unknown;

  constructor(code: ProblemCode, opts: { message?: string; errors?: string[]; data?: unknown } = {}) {
    const entry = problems[code];
    super(opts.message ?? entry.message);
    this.code = code;
    this.status = entry.status;
    this.errors = opts.errors ?? [this.message];
    this.data = opts.data ?? null;
  }
}

export function problem(code: ProblemCode, opts?: { message?: string; errors?: string[]; data?: unknown }): Problem {
  return new Problem(code, opts);
}

interface PgError {
  code?: string;
  constraint?: string;
}

/** Maps a database error to a Problem when it is the caller's fault (unique, foreign key, check). */
export function fromDatabaseError(err: unknown): Problem | undefined {
  // The database went away under the request: the request fails, the process and the pool carry on.
  if (isConnectionLoss(err)) return problem('serviceUnavailable');
  const pg = err as PgError;
  switch (pg?.code) {
    case '23505': // unique_violation
      return problem('conflict');
    case '23503': // foreign_key_violation
      return problem('notFound');
    case '23514': // check_violation
    case '22P02': // invalid_text_representation (a malformed uuid that slipped through)
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return problem('validation', { errors: [`'${pg.constraint ?? 'value'}' is not valid`] });
    default:
      return undefined;
  }
}
