// Building blocks for the JSON Schemas in this folder. Strings always carry a maxLength so that an
// oversized field is a 400 naming the field, not a 413 or a slow query.
export const uuid = { type: 'string', format: 'uuid' } as const;
export const email = { type: 'string', minLength: 1, maxLength: 254 } as const;
export const password = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const shortText = { type: 'string', maxLength: 200 } as const;
export const code6 = { type: 'string', maxLength: 6, pattern: '^[0-9]{6}$' } as const;
export const date = { type: 'string', format: 'date', maxLength: 10 } as const;
/** An instant in an answer (a handler may give a Date; it is written as ISO 8601 text). */
export const dateTime = { type: 'string', format: 'date-time', maxLength: 40 } as const;
/** The answer of a call that only says it was done. */
export const doneSchema = { type: 'boolean' } as const;
export const positiveInt = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const page = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
export const pageSize = { type: 'integer', minimum: 1, maximum: 10000, default: 10 } as const;
/** Gender codes of spec 001 section 3. */
export const genders = { Male: 0, Female: 1, Other: 2 } as const;
export const genderCodes = Object.values(genders);

/**
 * A name shown on one line and carried into e-mail subjects (organizations, workspaces, projects,
 * people): no CR, LF or other control characters (a CR or LF would add a header to those e-mails).
 */
export const SINGLE_LINE = '^[^\\u0000-\\u001f\\u007f\\u2028\\u2029]*$';
