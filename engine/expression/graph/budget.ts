// How much work one settling of a form may do. The fill page has no budget (a respondent's own browser
// is theirs to slow down); the server gives one to every re-validation of a submission, because a survey
// author can write calculations that explode - `concat(${prev}, ${prev})` in a repeat doubles per
// instance, nested computed repeat counts multiply - and one public submission must not hold the
// process that serves every organization.
export interface EvaluationBudget {
  /** Bind evaluations and repeat instances created, together. */
  readonly maxSteps: number;
  /** Characters in one calculated value. */
  readonly maxTextLength: number;
  /** Milliseconds of work allowed, as `clock` counts them. */
  readonly milliseconds: number;
  /**
   * Milliseconds spent so far. The server counts its process's CPU time, not the wall clock: a busy
   * machine must not turn a survey that fits into a refusal.
   */
  readonly clock: () => number;
}

export type BudgetLimit = 'steps' | 'text' | 'time';

/** The work went over the budget; `field` is the question being computed when it did. */
export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded';
  constructor(
    readonly limit: BudgetLimit,
    readonly field: string,
  ) {
    super(`evaluation budget exceeded (${limit}) at ${field}`);
  }
}

/** Counts steps against a budget; the clock is read every 64 steps or so, so counting stays cheap. */
export class BudgetMeter {
  private steps = 0;
  private nextClock = 64;
  constructor(private readonly budget: EvaluationBudget) {}

  step(field: string, n = 1): void {
    this.steps += n;
    if (this.steps > this.budget.maxSteps) throw new BudgetExceeded('steps', field);
    if (this.steps >= this.nextClock) {
      this.nextClock = this.steps + 64;
      if (this.budget.clock() > this.budget.milliseconds) throw new BudgetExceeded('time', field);
    }
  }

  value(field: string, value: unknown): void {
    if (typeof value === 'string' && value.length > this.budget.maxTextLength) throw new BudgetExceeded('text', field);
  }
}
