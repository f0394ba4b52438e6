// A module loaded the first time something asks for it, once: the on-demand stand-ins of the browser
// build (widgets/phone/numbers.ts, src/expression/syntax.ts) hold their real module through this. A
// failed load (a chunk missing offline) is forgotten, so the next ask tries again.
export interface OnDemand<M> {
  /** The module once it is here, else null. */
  current(): M | null;
  load(): Promise<M>;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => module,
    load: () =>
      (loading ??= importer().then(
        (m) => (module = m),
        (e: unknown) => {
          loading = null;
          throw e;
        },
      )),
  };
}
