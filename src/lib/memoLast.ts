/**
 * `fn` remembering its last call: called again with the same arguments (each the same value, or
 * the same object by identity) it returns the last result without running. For derived data
 * computed in render from arrays that are only replaced, never changed in place.
 */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i])))
      return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}

/** A cache of one entry: `run` is called only when `key` differs from the last call's. */
export function memoByKey<R>(): (key: string, run: () => R) => R {
  let last: { key: string; value: R } | null = null;
  return (key, run) => {
    if (last?.key !== key) last = { key, value: run() };
    return last.value;
  };
}
