/**
 * Typed page state kept in the URL's search params, so that back/forward and shared links
 * restore a view exactly. Each key is parsed on its own with zod `safeParse`: a bad value falls
 * back to that key's default (and is reported) without discarding the keys that were fine, so a
 * hand-edited or outdated link always opens. Writing omits defaults to keep links short and
 * leaves keys owned by someone else untouched.
 *
 * No text with control characters is read at all, whatever the key's schema: no page wants a line
 * break, an escape or a bidi override in a value, and a value that never holds one cannot end a
 * line or a literal early in the code and files the app writes from it.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * What reads one key's param text: a zod schema fits, and so does a small hand-made parser (the
 * catalog's two text keys use one, so the first screen does not load zod).
 */
export interface ParamSchema<T = unknown> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** A schema per key that reads the raw param text; an absent param takes the key's default. */
export type UrlStateShape = Record<string, ParamSchema>;

type OutputOf<P> = P extends ParamSchema<infer T> ? T : never;
export type UrlStateOf<S extends UrlStateShape> = { [K in keyof S]: OutputOf<S[K]> };

/** A text param, at most `max` characters, matching `pattern` when given, then `transform`ed. */
export function textParam(
  options: { max?: number; pattern?: RegExp; transform?: (text: string) => string } = {},
): ParamSchema<string> {
  const { max = Number.POSITIVE_INFINITY, pattern, transform = (t: string): string => t } = options;
  return {
    safeParse: (input) =>
      typeof input === 'string' && input.length <= max && (pattern === undefined || pattern.test(input))
        ? { success: true, data: transform(input) }
        : { success: false },
  };
}

/**
 * C0 and C1 controls (tab and line feed included), line and paragraph separators, and the bidi
 * marks, embeddings, overrides and isolates that make text read in another order than it runs.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether `text` holds a character no URL-borne text may hold (readers refuse it as invalid). */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** `text` with each such character replaced by `by`: for quoting a refused value back to its reader. */
export const replaceControlCharacters = (text: string, by = '\uFFFD'): string =>
  text.replace(new RegExp(CONTROL_CHARACTERS.source, 'gu'), by);

export interface UrlStateCodec<S extends UrlStateShape> {
  readonly shape: S;
  readonly defaults: UrlStateOf<S>;
  /** Turns a value back into param text; defaults to `String`, arrays joined with commas. */
  readonly serializers: { [K in keyof S]?: (value: UrlStateOf<S>[K]) => string };
}

export interface UrlStateReadResult<S extends UrlStateShape> {
  state: UrlStateOf<S>;
  /** Keys whose param was present but invalid (and were replaced by their default). */
  invalid: (keyof S & string)[];
}

/**
 * `shape` may be a function that builds it: it then runs at the first read of a link, not when the
 * module loads. A page that only writes another page's links (the query builder's Compare links)
 * never builds that page's schemas; making zod schemas is most of such a module's load time.
 */
export function defineUrlState<S extends UrlStateShape>(
  shape: S | (() => S),
  defaults: UrlStateOf<S>,
  serializers: UrlStateCodec<S>['serializers'] = {},
): UrlStateCodec<S> {
  let built = typeof shape === 'function' ? undefined : shape;
  return {
    get shape(): S {
      return (built ??= (shape as () => S)());
    },
    defaults,
    serializers,
  };
}

/** The codec's keys, read from its defaults (which name every key) so that writing builds no schema. */
function keysOf<S extends UrlStateShape>(codec: UrlStateCodec<S>): (keyof S & string)[] {
  return Object.keys(codec.defaults);
}

function serializeValue<S extends UrlStateShape>(
  codec: UrlStateCodec<S>,
  key: string,
  value: unknown,
): string {
  // The codec pairs each serializer with its key's type; here the pairing is already fixed.
  const serializers = codec.serializers as Partial<Record<string, (value: unknown) => string>>;
  const custom = serializers[key];
  if (custom) return custom(value);
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

export function readUrlState<S extends UrlStateShape>(
  codec: UrlStateCodec<S>,
  params: URLSearchParams,
): UrlStateReadResult<S> {
  const state = { ...codec.defaults };
  const invalid: (keyof S & string)[] = [];
  for (const key of keysOf(codec)) {
    const raw = params.get(key);
    if (raw === null) continue;
    const schema = codec.shape[key];
    const parsed = hasControlCharacters(raw) ? undefined : schema?.safeParse(raw);
    if (parsed?.success) state[key] = parsed.data as UrlStateOf<S>[typeof key];
    else invalid.push(key);
  }
  return { state, invalid };
}

/**
 * Writes `state` over `base` (which is not modified): keys of the codec at their default are
 * removed, other keys of `base` are kept as they were.
 */
export function writeUrlState<S extends UrlStateShape>(
  codec: UrlStateCodec<S>,
  state: Partial<UrlStateOf<S>>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  const full = { ...codec.defaults, ...state };
  for (const key of keysOf(codec)) {
    const text = serializeValue(codec, key, full[key]);
    if (text === serializeValue(codec, key, codec.defaults[key])) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

interface SetUrlStateOptions {
  /** Replace the history entry instead of pushing one (typing in a box should not fill history). */
  replace?: boolean;
  /**
   * Render the new state at once instead of in a transition. A router navigation renders in a
   * transition, sliced into 5 ms pieces with frames between them; a control whose every press
   * should show at the next frame (the price map's time slider) asks for this.
   */
  urgent?: boolean;
}

export type SetUrlState<S extends UrlStateShape> = (
  update: Partial<UrlStateOf<S>> | ((current: UrlStateOf<S>) => Partial<UrlStateOf<S>>),
  options?: SetUrlStateOptions,
) => void;

/** The codec's state from the current location, and a setter that merges a partial update. */
export function useUrlState<S extends UrlStateShape>(
  codec: UrlStateCodec<S>,
): [state: UrlStateOf<S>, setState: SetUrlState<S>, invalid: (keyof S & string)[]] {
  const [params, setParams] = useSearchParams();
  const { state, invalid } = useMemo(() => readUrlState(codec, params), [codec, params]);
  const setState = useCallback<SetUrlState<S>>(
    (update, options = {}) => {
      setParams(
        (current) => {
          const currentState = readUrlState(codec, current).state;
          const patch = typeof update === 'function' ? update(currentState) : update;
          return writeUrlState(codec, { ...currentState, ...patch }, current);
        },
        { replace: options.replace ?? false, flushSync: options.urgent ?? false },
      );
    },
    [codec, setParams],
  );
  return [state, setState, invalid];
}
