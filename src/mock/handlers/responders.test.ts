import { formatParams, pagingHeaders, tableResponse } from './responders';
import { ParamReader } from '../engine/params';

const meta = { page: 2, limit: 10, page_size: 2, hasNextPage: true, cursor: 'abc' };
const format = (query: string) => formatParams(new ParamReader(new URLSearchParams(query))).resolve();

describe('tableResponse', () => {
  const body = {
    filenameBase: 'ercot_load',
    columns: ['t', 'v'],
    rows: [
      ['a', 1],
      ['b', null],
    ],
    meta,
  };

  it('zips rows into objects by default, with dataset_metadata null unless given', async () => {
    const response = tableResponse(format(''), body);
    expect(await response.json()).toEqual({
      data: [
        { t: 'a', v: 1 },
        { t: 'b', v: null },
      ],
      meta,
      dataset_metadata: null,
    });
  });

  it('passes rows through for array_of_arrays and CSV, with paging headers on CSV', async () => {
    expect(
      ((await tableResponse(format('json_schema=array_of_arrays'), body).json()) as { data: unknown }).data,
    ).toEqual([
      ['t', 'v'],
      ['a', 1],
      ['b', null],
    ]);
    const csv = tableResponse(format('return_format=csv&download=true'), body);
    expect(await csv.text()).toBe('t,v\na,1\nb,\n');
    expect(Object.fromEntries(csv.headers)).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="ercot_load.csv"',
      'x-page': '2',
      'x-page-size': '2',
      'x-limit': '10',
      'x-has-next-page': 'true',
      'x-cursor': 'abc',
    });
  });
});

describe('pagingHeaders', () => {
  it('leaves out X-Limit and X-Cursor when they are null', () => {
    expect(pagingHeaders({ page: 1, limit: null, page_size: 500, hasNextPage: false, cursor: null })).toEqual(
      {
        'X-Page': '1',
        'X-Page-Size': '500',
        'X-Has-Next-Page': 'false',
      },
    );
  });
});
