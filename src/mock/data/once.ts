/**
 * `build`'s value, built at the first call and kept. The demo backend's tables (the pricing
 * registry, the buses, the generation fleet, the constraints) are read by the engine workers and a
 * few page-thread routes; built at module load, they cost every cold page about 40 ms of its main
 * thread before its first request, whether it reads them or not (docs/decisions/0032-cold-links.md).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
