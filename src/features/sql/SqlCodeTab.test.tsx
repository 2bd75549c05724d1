// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setConnection } from '@/api/connection';
import type { SqlTable } from '@/sql/types';
import { SqlCodeTab } from './SqlCodeTab';

afterEach(cleanup);

const TABLE: SqlTable = {
  name: 'rt',
  source: {
    kind: 'query',
    dataset: 'ercot_spp_real_time_15_min',
    params: { filter_column: 'location', filter_value: '<script>alert(1)</script>' },
  },
  columns: [],
  rowCount: 0,
  status: { state: 'ready' },
  requests: [],
};

describe('SqlCodeTab', () => {
  it('shows the script as text, without the key, and copies it', async () => {
    setConnection({
      mode: 'remote',
      baseUrl: 'https://api.example.com',
      apiKey: 'secret-key-123',
      remember: false,
    });
    const user = userEvent.setup();
    render(<SqlCodeTab sql="SELECT * FROM rt" tables={[TABLE]} />);
    const code = screen.getByLabelText('Python script');
    expect(code).toHaveTextContent('filter_value="<script>alert(1)</script>"');
    expect(code).toHaveTextContent('result = con.sql("SELECT * FROM rt")');
    expect(code.textContent).not.toContain('secret-key-123');
    expect(document.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy script' }));
    expect(await navigator.clipboard.readText()).toBe(code.textContent);
    expect(screen.getByRole('status')).toHaveTextContent('Copied.');
  });
});
