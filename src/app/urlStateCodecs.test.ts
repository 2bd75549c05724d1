import { compareUrlState } from '@/compare/compareWorkspace';
import { catalogUrlState } from '@/features/catalog/catalogUrlState';
import { locationsUrlState } from '@/features/locations/locationsUrlState';
import { priceMapUrlState } from '@/features/priceMap/priceMapUrlState';
import { queryUrlCodec } from '@/features/query/queryUrl';
import { tableViewCodec } from '@/features/query/tableView';
import { dailyPeakUrlState } from '@/features/reports/dailyPeakUrlState';
import { todayUrlState } from '@/features/today/todayUrlState';

// Reading and writing a link walk a codec's keys from its defaults (so that writing builds no
// schema): a key with a schema but no default would never be read, a default without a schema
// would be written and then refused on every read.
const CODECS = {
  catalogUrlState,
  compareUrlState,
  dailyPeakUrlState,
  locationsUrlState,
  priceMapUrlState,
  queryUrlCodec,
  tableViewCodec,
  todayUrlState,
};

describe("every page's URL codec", () => {
  it.each(Object.entries(CODECS))('%s: its defaults name exactly the keys it has schemas for', (_, codec) => {
    expect(Object.keys(codec.defaults).sort()).toEqual(Object.keys(codec.shape).sort());
  });
});
