// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { DATASET_IDS } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const HOUR = 'range=custom&start=2025-07-14T15:00&end=2025-07-14T16:00&tz=UTC';
const BUSES = `/datasets/${DATASET_IDS.lmpByBus}/query`;

/**
 * The builder over shapes the first nine datasets did not have: a location column that is not the
 * pricing-location registry's (electrical buses), and hourly reports with vintages whose actual
 * columns are empty for hours that had not ended.
 */
describe('QueryPage over the catalog’s other shapes', () => {
  it('takes several bus names with `in` and does not judge them by the pricing-location registry', async () => {
    renderApp(`${BUSES}?v=1&fcol=location&fop=in&fval=ABILENE_3,ALICE_8&${HOUR}`);
    // Two buses over twelve 5-minute intervals.
    expect(await screen.findByText('24 rows loaded · all rows loaded')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Electrical Bus').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('ALICE_8').length).toBeGreaterThan(0);
    // Known names: the filter says nothing against them.
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(within(filter).queryByText(/No location named/)).toBeNull();
  });

  it('knows the bus names from the dataset itself, and offers the nearest for a mistyped one', async () => {
    renderApp(`${BUSES}?v=1&fcol=location&fval=ABILENE_4&${HOUR}`);
    expect(await screen.findByText('No rows match this query.')).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(
      await within(filter).findByText(/No location named “ABILENE_4”\. Did you mean/),
    ).toBeInTheDocument();
    // The nearest names are buses, not settlement points such as ABILENE_ALL.
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByRole('link', { name: 'ABILENE_3' })).toBeInTheDocument();
    expect(within(results).queryByRole('link', { name: 'ABILENE_ALL' })).toBeNull();
  });

  it('estimates an export of buses from the buses the dataset has, not the registry’s settlement points', async () => {
    const { user } = renderApp(`${BUSES}?v=1&${HOUR}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    // 284 buses × 12 five-minute intervals; the registry's 659 settlement points would say 7,908.
    expect(await screen.findByText('About 3,408 rows in this query.')).toBeInTheDocument();
  });

  it('does not offer the registry’s location types for a bus dataset', async () => {
    const { user } = renderApp(`${BUSES}?v=1&${HOUR}`);
    await user.selectOptions(await screen.findByLabelText('Filter column'), 'location_type');
    // A text box, not a list of Trading Hub, Load Zone… that no bus row has.
    const value = await screen.findByLabelText('Filter value');
    expect(value.tagName).toBe('INPUT');
  });

  it('queries the solar report by vintage: the latest forecast of each hour, with the report’s wide columns', async () => {
    const { user, router } = renderApp(
      `/datasets/${DATASET_IDS.solarActualAndForecast}/query?v=1&range=custom&start=2025-07-14T12:00&end=2025-07-14T18:00&tz=UTC`,
    );
    const vintage = await screen.findByRole('group', { name: 'Forecast vintage' });
    expect(await screen.findByText(/rows loaded/)).toBeInTheDocument();
    await user.click(within(vintage).getByRole('radio', { name: 'Latest forecast for each interval' }));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(router.state.location.search).toContain('pt=latest'));
    expect(await screen.findByText('6 rows loaded · all rows loaded')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'stppf_system_wide (MW)' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'gen_system_wide (MW)' })).toBeInTheDocument();
  });

  it('charts a report of many vintages as the latest forecast of each interval, and draws a picked publish time beside it', async () => {
    const { user } = renderApp(
      `/datasets/${DATASET_IDS.solarActualAndForecast}/query?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC&cols=stppf_system_wide`,
    );
    await screen.findByText(/rows loaded/);
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const hint = await screen.findByText(/publish times; drawn: the latest forecast of each interval/);
    const vintages = Number(/from ([\d,]+) publish times/.exec(hint.textContent)?.[1]?.replace(/,/g, ''));
    expect(vintages).toBeGreaterThan(24);
    // One line, named for what it is, not one a vintage.
    // The chart's code loads on first use.
    await screen.findByRole('figure', { name: 'stppf_system_wide (MW) over time' }, { timeout: 10_000 });
    const legend = screen.getByRole('group', { name: 'Series' });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['stppf_system_wide · latest forecast per interval']);
    // Any publish time can be drawn beside it, found by its time.
    await user.click(screen.getByText(/^series shown: 1 of/));
    await user.type(screen.getByLabelText('Find a series'), 'published 2025-07-14 06:10');
    const list = screen.getByRole('list', { name: 'series to chart' });
    await user.click(within(list).getByRole('checkbox', { name: /published 2025-07-14 06:10 UTC/ }));
    expect(within(legend).getAllByRole('button')).toHaveLength(2);
    expect(
      within(legend).getByRole('button', { name: /^stppf_system_wide · published 2025-07-14 06:10 UTC$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/drawn: your choice of series/)).toBeInTheDocument();
  });

  it('charts day-ahead shadow prices from numeric columns only, the shadow price first, one line per constraint name', async () => {
    const { user } = renderApp(
      `/datasets/${DATASET_IDS.shadowPricesDam}/query?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`,
    );
    await screen.findByText(/rows loaded/, undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const value = await screen.findByLabelText('Value column', undefined, { timeout: 10_000 });
    const offered = within(value)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    // The value the dataset is named for, though the limit and flow columns come before it.
    expect(value).toHaveValue('shadow_price');
    expect(offered.indexOf('constraint_limit')).toBeLessThan(offered.indexOf('shadow_price'));
    expect(offered).not.toContain('constraint_name');
    expect(offered).not.toContain('contingency_name');
    expect(screen.getByText(/^constraint_names shown: \d+ of \d+$/)).toBeInTheDocument();
  });
});

/**
 * What the chart leaves out, said beside it: the audit of 2026-11-29 found a resampled forecast
 * drawn from its oldest vintage under the name "latest", a constraint's contingencies collapsed
 * into one line as if they were vintages, and 796 of 800 disclosure resources dropped in silence.
 */
describe('QueryPage chart over vintages, repeats and empty columns', () => {
  it('keeps the publish times of a resampled forecast: the buckets are per vintage, the line the newest', async () => {
    const { user } = renderApp(
      `/datasets/${DATASET_IDS.solarActualAndForecast}/query?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC&cols=stppf_system_wide&rs=6h`,
    );
    await screen.findByText(/rows loaded/, undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const hint = await screen.findByText(
      /publish times; drawn: the latest forecast of each interval/,
      undefined,
      {
        timeout: 10_000,
      },
    );
    const vintages = Number(/from ([\d,]+) publish times/.exec(hint.textContent)?.[1]?.replace(/,/g, ''));
    expect(vintages).toBeGreaterThan(24);
    expect(screen.getByText(/^series shown: 1 of/)).toBeInTheDocument();
  });

  it('says how many rows and resources have no value in the drawn column, and draws a fuller column by default', async () => {
    const { user } = renderApp(
      `/datasets/${DATASET_IDS.scedGenResource60Day}/query?v=1&range=custom&start=2025-05-10T12:00&end=2025-05-10T12:15&tz=UTC&cols=resource_name,output_schedule,telemetered_net_output`,
    );
    await screen.findByText(/rows loaded/, undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const value = await screen.findByLabelText('Value column', undefined, { timeout: 10_000 });
    // output_schedule is null for all but a few units: the chart opens on the column that has values.
    await waitFor(() => expect(value).toHaveValue('telemetered_net_output'));
    // And says why, with the count of the column it passed over.
    const why = screen.getByText(
      /Drawn: telemetered_net_output, the column with most values here; output_schedule has a value in [\d,]+ of 2,400 rows \(pick it above to draw it\)\./,
    );
    expect(Number(/has a value in ([\d,]+) of/.exec(why.textContent)?.[1]?.replace(/,/g, ''))).toBeLessThan(
      1200,
    );
    await user.selectOptions(value, 'output_schedule');
    expect(screen.queryByText(/the column with most values here/)).toBeNull();
    const note = await screen.findByText(/of these rows have no output_schedule and are on no line/);
    const [rowsWithout, resourcesWithout] = [
      /([\d,]+) of these rows have no output_schedule/,
      /; ([\d,]+) resource_names have none in this range and are not listed/,
    ].map((re) => Number(re.exec(note.textContent)?.[1]?.replace(/,/g, '')));
    const shown = /resource_names shown: \d+ of ([\d,]+)/.exec(
      screen.getByText(/^resource_names shown:/).textContent,
    );
    const listed = Number(shown?.[1]?.replace(/,/g, ''));
    // Every resource is either listed or counted as having no value; three intervals each.
    expect(listed + (resourcesWithout ?? 0)).toBe(800);
    expect(rowsWithout).toBe((resourcesWithout ?? 0) * 3);
  });

  it('draws a constraint bound under several contingencies at its highest shadow price, and says so', async () => {
    const { user } = renderApp(
      `/datasets/${DATASET_IDS.shadowPricesSced}/query?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`,
    );
    await screen.findByText(/rows loaded/, undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    expect(
      await screen.findByText(
        /At [\d,]+ times? a constraint_name has several rows .*its line draws the highest shadow_price there/,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    // Rows only where a constraint binds: its line is not joined across the hours it did not.
    expect(
      screen.getByText(
        /The lines break at [\d,]+ gaps? where a constraint_name has no row for more than 12\.5 min \(its rows come every 5 min\)/,
      ),
    ).toBeInTheDocument();
    // Constraints, not vintages: no "latest forecast" in the legend.
    const legend = await screen.findByRole('group', { name: 'Series' }, { timeout: 10_000 });
    expect(within(legend).queryByText(/latest forecast/)).toBeNull();
  });
});
