/**
 * The requests of Compare's first screen, made by boot before the page renders
 * (app/firstScreenData): the catalog and the plan's usage, then, as soon as they have answered, the
 * registry when a series filters by location and each data series the page will ask for, instead of
 * after the page's first render with the catalog. Each is built by the page's own code (the same
 * grid, checks and query options), so the page finds its series in flight or in the cache. The
 * view's chart code is asked for at once too.
 */
import { askAhead } from '@/api/askAhead';
import type { QueryClient } from '@tanstack/react-query';
import { datasetsOptions } from '@/api/datasets/queries';
import { allPricingLocationsOptions } from '@/api/locations/queries';
import { usageOptions } from '@/api/usage/queries';
import { requestsPerSecondOf } from '@/api/usage/requestRate';
import { compareUrlState, seriesOf, type DataSeries } from '@/compare/compareWorkspace';
import { readUrlState } from '@/lib/urlState';
import { filtersByLocation, knownLocationsOf, unknownLocationOf } from './knownLocations';
import { createPacer, paceForLimit } from './pacer';
import { seriesProblem } from './seriesProblem';
import { seriesQuery } from './seriesLoading';
import { CHART_OF_VIEW } from './viewCharts';
import { gridCadenceFor, workspaceGrid } from './workspaceGrid';

export async function prefetchCompare(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(compareUrlState, new URLSearchParams(search));
  const specs = seriesOf(state).filter((s): s is DataSeries => s.kind === 'data');
  if (specs.length === 0) return;
  // The view's chart code too, while its series are on their way (the page asks only once mounted).
  void CHART_OF_VIEW[state.view]?.preload();
  // The plan's usage sets the pace of the series' requests, as on the page.
  const usage = askAhead(queryClient.query(usageOptions()));
  const catalog = await askAhead(queryClient.query(datasetsOptions()));
  if (!catalog) return;
  const datasets = new Map(catalog.data.map((d) => [d.id, d] as const));
  // The registry judges location names. The page asks for it once the catalog has come and does
  // not wait for it (the registry is the API's largest answer; waiting for it here put the series
  // later than the page's own requests): a name is judged only when the registry is already known.
  const registry = allPricingLocationsOptions();
  if (specs.some((s) => filtersByLocation(s, datasets.get(s.dataset))))
    void askAhead(queryClient.query(registry));
  const answer = queryClient.getQueryData(registry.queryKey);
  const known = answer && knownLocationsOf(answer);
  // The page's clock only names the default range's days: a few hundred milliseconds apart, the same.
  const { grid } = workspaceGrid(state, gridCadenceFor(state, datasets), Date.now());
  if (!grid) return;
  const pace = createPacer(paceForLimit(requestsPerSecondOf(await usage)));
  return Promise.all(
    specs.map((spec) => {
      const dataset = datasets.get(spec.dataset);
      if (!dataset || seriesProblem(spec, dataset, unknownLocationOf(spec, dataset, known)))
        return Promise.resolve();
      return askAhead(queryClient.query(seriesQuery(spec, dataset, grid, pace, () => undefined)));
    }),
  );
}
