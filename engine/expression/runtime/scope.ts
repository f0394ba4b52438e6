// One evaluation's view of the answers: resolves ${name} the way pyxform paths do, relative to the
// repeat instance the expression sits in, and answers the questions functions ask (clock, '.', ...).
import type { Env } from '../env';
import { fail } from '../errors';
import type { PathArg, Scope } from '../functions/types';
import { NodeSet, scalarOf, type Val } from '../values/value';
import { hostOffset, hostOffsetAtWall, zoneOffset, zoneOffsetAtWall } from '../values/zones';

type Node = Readonly<Record<string, unknown>>;
interface Step {
  readonly name: string;
  readonly index: number;
}

const TOP_LEVEL: readonly string[] = [];
const STEP = /^(.*)\[(\d+)\]$/;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A repeat's instances: a non-empty array of objects (an array of strings is a select_multiple). */
const isInstances = (v: unknown): v is readonly Node[] => Array.isArray(v) && v.length > 0 && isNode(v[0]);

/** Where a question sits when `env.repeats` does not say: the first repeat instance holding it. */
function findInRepeats(container: Node, name: string): string[] | undefined {
  for (const key in container) {
    const value = container[key];
    if (!isInstances(value)) continue;
    for (const instance of value) {
      if (!isNode(instance)) continue;
      if (Object.hasOwn(instance, name)) return [key];
      const deeper = findInRepeats(instance, name);
      if (deeper !== undefined) return [key, ...deeper];
    }
  }
  return undefined;
}

export class EvaluationScope implements Scope {
  private readonly env: Env;
  private readonly fields: Node;
  private clockMs: number | undefined;
  private steps: readonly Step[] | undefined;
  private leaf: string | undefined;
  /** In a predicate: the node's 1-based place in the set. */
  private place: number | undefined;

  constructor(env: Env) {
    this.env = env;
    this.fields = env.fields;
  }

  offsetAt(instantMs: number): number {
    const { timeZoneOffset, timeZone, now } = this.env;
    if (timeZoneOffset !== undefined) return timeZoneOffset;
    if (timeZone !== undefined) return zoneOffset(timeZone, instantMs);
    // The clock's own instant (today(), now()): the Date the caller gave answers at once.
    if (now !== undefined && now.getTime() === instantMs) return -now.getTimezoneOffset();
    return hostOffset(instantMs, this.nowMs());
  }

  offsetAtWall(wallMs: number): number {
    const { timeZoneOffset, timeZone } = this.env;
    if (timeZoneOffset !== undefined) return timeZoneOffset;
    return timeZone === undefined ? hostOffsetAtWall(wallMs, this.nowMs()) : zoneOffsetAtWall(timeZone, wallMs);
  }

  nowMs(): number {
    // One reading per evaluation, so today() twice in one expression cannot straddle midnight.
    this.clockMs ??= this.env.now === undefined ? Date.now() : this.env.now.getTime();
    return this.clockMs;
  }

  random(): number {
    return this.env.random === undefined ? Math.random() : this.env.random();
  }

  /** ${name} as a value: one answer, or a node-set when it stands for several. */
  value(name: string): Val {
    return this.resolve(name, false, undefined);
  }

  /** ${last-saved#name}: the answer in the last form saved on the device; blank without one. */
  lastSaved(name: string): Val {
    this.chainOf(name);
    return scalarOf(this.env.lastSaved?.[name], this.typeOf(name), this);
  }

  /**
   * The scope a predicate (${member}[age > 18]) is evaluated in for one node of the set: '.' is the
   * node, bare names are its questions, position() its place in the set.
   */
  within(node: unknown, position: number): EvaluationScope {
    const env: Env = isNode(node) ? { ...this.env, current: '', choice: node } : { ...this.env, current: node };
    const scope = new EvaluationScope(env);
    scope.place = position;
    return scope;
  }

  /** ${name} as a node-set, for count(), sum(), ... */
  nodes(name: string): NodeSet {
    return this.resolve(name, true, undefined) as NodeSet;
  }

  /** A bare name in a choice filter: a column of the choice being tested. */
  column(name: string): Val {
    const row = this.env.choice;
    // Outside a choice filter a bare name is, for JavaRosa, a relative path to a child node that does not
    // exist: blank (false, NaN). Published forms rely on it ('FALSE' as a relevance, 'null' as a
    // calculation), and ODK Collect fills them without a word.
    if (row === undefined) return '';
    return scalarOf(row[name], undefined, this);
  }

  current(): Val {
    if ('current' in this.env) return scalarOf(this.env.current, this.typeOf(this.contextLeaf()), this);
    const leaf = this.contextLeaf();
    if (leaf === undefined) fail("'.' needs the question the expression belongs to");
    return this.value(leaf);
  }

  position(target: PathArg): number {
    if (target.kind === 'context' && this.place !== undefined) return this.place;
    const steps = this.contextSteps();
    if (target.kind === 'ref') {
      const step = steps.find((s) => s.name === target.name);
      if (step === undefined) fail(`position(\${${target.name}}) can only be used inside that repeat`);
      return step.index;
    }
    // '..' is the repeat instance around the question, '../..' the one around that: groups, which
    // the context leaves out, are not counted (pyxform writes these paths for questions of repeats).
    const levels = target.kind === 'parent' ? target.levels : 1;
    const step = steps[steps.length - levels];
    if (step === undefined)
      fail(
        levels === 1
          ? 'position(..) can only be used inside a repeat'
          : `position(${'../'.repeat(levels - 1)}..) needs ${levels} repeats around the question`,
      );
    return step.index;
  }

  indexed(name: string, indexes: readonly (readonly [string, number])[]): NodeSet {
    const chain = this.chainOf(name);
    const fixed = new Map<string, number>();
    for (const [repeat, index] of indexes) {
      if (!chain.includes(repeat)) fail(`indexed-repeat(): \${${name}} is not inside the repeat \${${repeat}}`);
      // JavaRosa reads an index below 1 (0, negative, blank: NaN) as 1, the first instance.
      const whole = Math.trunc(index);
      fixed.set(repeat, Number.isNaN(whole) || whole < 1 ? 1 : whole);
    }
    return this.resolve(name, true, fixed) as NodeSet;
  }

  choiceLabel(value: string, field: string): string {
    const name = /^\s*\$\{([^}]*)\}\s*$/.exec(field)?.[1]?.trim() ?? field.trim().split('/').pop() ?? '';
    const type = this.typeOf(name);
    if (type === undefined) fail(`jr:choice-name() needs the type of '${name}' (env.types)`);
    const list = /^(?:select_one|select_multiple|rank)(?:_from_file)?\s+(\S+)/.exec(type)?.[1];
    if (list === undefined) fail(`jr:choice-name(): '${name}' is not a select question`);
    const choices = this.env.choices?.[list];
    if (choices === undefined) fail(`jr:choice-name(): the choice list '${list}' is not available (env.choices)`);
    const choice = choices.find((c) => c.name === value.trim());
    if (choice === undefined) return '';
    const language = this.env.language;
    return (language !== undefined ? choice.labels?.[language] : undefined) ?? choice.label;
  }

  pulldata(instance: string, column: string, keyColumn: string, key: string): string {
    const rows = this.env.attachments?.[instance.trim()];
    if (rows === undefined) fail(`pulldata(): no file '${instance.trim()}.csv' is attached to the form`);
    // As JavaRosa: the first row whose key column holds the key exactly; no row, or no such column, is ''.
    return rows.find((r) => r[keyColumn] === key)?.[column] ?? '';
  }

  private typeOf(name: string | undefined): string | undefined {
    return name === undefined ? undefined : this.env.types?.[name];
  }

  private chainOf(name: string): readonly string[] {
    const declared = this.env.repeats?.[name];
    if (declared !== undefined) return declared;
    if (Object.hasOwn(this.fields, name)) return TOP_LEVEL;
    if (this.env.repeats === undefined) {
      const found = findInRepeats(this.fields, name);
      if (found !== undefined) return found;
    }
    if (this.env.types !== undefined && Object.hasOwn(this.env.types, name)) return TOP_LEVEL;
    return fail(`There is no question named '${name}'`, 'unknown-reference');
  }

  private leafValue(name: string, raw: unknown, type: string | undefined, asNodes: boolean): Val {
    if (Array.isArray(raw) && ((asNodes && raw.length === 0) || isInstances(raw))) return new NodeSet(raw, type, name);
    return asNodes ? new NodeSet([raw], type, name) : scalarOf(raw, type, this);
  }

  /**
   * Walks the repeats around `name`. At each level the instance is the one the context sits in (or
   * the one indexed-repeat fixed); where there is none, every instance is taken and the result is a
   * node-set.
   */
  private resolve(name: string, asNodes: boolean, fixed: ReadonlyMap<string, number> | undefined): Val {
    const chain = this.chainOf(name);
    const type = this.typeOf(name);
    if (chain.length === 0) return this.leafValue(name, this.fields[name], type, asNodes);
    const steps = this.contextSteps();
    let frontier: Node[] = [this.fields];
    let many = false;
    let inContext = true;
    for (let level = 0; level < chain.length; level++) {
      const repeat = chain[level] ?? '';
      let index = fixed?.get(repeat);
      if (index === undefined && inContext) {
        const step = steps[level];
        if (step !== undefined && step.name === repeat) index = step.index;
        else inContext = false;
      }
      const next: Node[] = [];
      for (const node of frontier) {
        const instances = node[repeat];
        if (!Array.isArray(instances)) continue;
        if (index !== undefined) {
          const instance: unknown = instances[index - 1];
          if (isNode(instance)) next.push(instance);
        } else {
          many = true;
          for (const instance of instances) if (isNode(instance)) next.push(instance);
        }
      }
      frontier = next;
    }
    if (!many) {
      const only = frontier[0];
      if (only === undefined) return asNodes ? new NodeSet([], type, name) : '';
      return this.leafValue(name, only[name], type, asNodes);
    }
    const raw: unknown[] = [];
    for (const node of frontier) {
      const v = node[name];
      if (isInstances(v)) raw.push(...v);
      else raw.push(v);
    }
    return new NodeSet(raw, type, name);
  }

  private contextSteps(): readonly Step[] {
    if (this.steps === undefined) this.parseContext();
    return this.steps ?? [];
  }

  private contextLeaf(): string | undefined {
    if (this.steps === undefined) this.parseContext();
    return this.leaf;
  }

  /** 'household[2]/grp/member[1]/age': indexed segments are repeat instances, the last is the question. */
  private parseContext(): void {
    const steps: Step[] = [];
    const segments = (this.env.context ?? '').split('/').filter((s) => s !== '');
    segments.forEach((segment, i) => {
      const m = STEP.exec(segment);
      if (i === segments.length - 1) this.leaf = m?.[1] ?? segment;
      if (m !== null && m[1] !== undefined) steps.push({ name: m[1], index: Number(m[2]) });
    });
    this.steps = steps;
  }
}
