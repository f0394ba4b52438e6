// What an evaluation may read. Everything is optional except the answers; each member is read only
// when an expression needs it.

/** A row of a choice list: its name, its label, and any further columns (for choice filters). */
export interface Choice {
  readonly name: string;
  readonly label: string;
  /** Labels per language code, for jr:choice-name in the respondent's language. */
  readonly labels?: Readonly<Record<string, string>>;
  readonly [column: string]: unknown;
}

export interface Env {
  /** The answers as the form data holds them; a repeat is an array of objects, one per instance. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** XLSForm type per question name: 'integer', 'decimal', 'date', 'select_one colors', ... */
  readonly types?: Readonly<Record<string, string>>;
  /** Choice lists by list name, for jr:choice-name and choice filters. */
  readonly choices?: Readonly<Record<string, readonly Choice[]>>;
  /** The question the expression sits on, with 1-based repeat indexes: 'household[2]/member[1]/age'. */
  readonly context?: string;
  /** The value of that question ('.'); when absent it is read from `fields` at `context`. */
  readonly current?: unknown;
  /** The clock for today() and now(); the real clock when absent. */
  readonly now?: Date;
  /**
   * The repeats around each question inside a repeat, outermost first: { member_age: ['member'] }.
   * Questions not listed are at the top level. When absent they are looked for in `fields`, which
   * cannot see into a repeat that has no instances yet, so pass it when repeats may be empty.
   */
  readonly repeats?: Readonly<Record<string, readonly string[]>>;
  /** The respondent's language code, for choice labels (Choice.labels). */
  readonly language?: string;
  /** The choice a choice filter is being evaluated for: bare names read its columns. */
  readonly choice?: Readonly<Record<string, unknown>>;
  /**
   * Minutes east of UTC of the respondent's clock (180 for +03:00), the same all year. Date-times
   * written with another offset are shown in this one. When absent, `timeZone`'s offset at each
   * instant, else the zone of the machine running the engine (both follow daylight-saving changes).
   */
  readonly timeZoneOffset?: number;
  /** The respondent's IANA time zone ('Europe/Berlin'), used when timeZoneOffset is absent. */
  readonly timeZone?: string;
  /** The answers of the last form saved on the device, for ${last-saved#name} (pyxform); blank when absent. */
  readonly lastSaved?: Readonly<Record<string, unknown>>;
  /**
   * CSV files attached to the form, by instance name (the file name without .csv), each as its rows
   * keyed by the header's column names: what pulldata() looks up.
   */
  readonly attachments?: Readonly<Record<string, readonly Readonly<Record<string, string>>[]>>;
  /** Source of random numbers in [0, 1) for random() and uuid(); Math.random when absent. */
  readonly random?: () => number;
}
