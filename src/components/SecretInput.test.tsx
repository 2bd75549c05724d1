// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SecretInput } from './SecretInput';

function Form({ initial }: { initial: string }) {
  const [key, setKey] = useState(initial);
  return (
    <>
      <label htmlFor="k">API key</label>
      <SecretInput id="k" value={key} onChange={setKey} />
      <button type="button" onClick={() => setKey('reset-key')}>
        Reset
      </button>
      <output>{key.length}</output>
    </>
  );
}

describe('SecretInput', () => {
  it('holds the value the user types and the value set by the app, never in the markup', async () => {
    const user = userEvent.setup();
    const { container } = render(<Form initial="saved-secret" />);
    const input = screen.getByLabelText('API key');
    expect(input).toHaveValue('saved-secret');
    expect(container.innerHTML).not.toContain('saved-secret');

    await user.clear(input);
    await user.type(input, 'typed-secret');
    expect(input).toHaveValue('typed-secret');
    expect(screen.getByRole('status')).toHaveTextContent(String('typed-secret'.length));
    expect(container.innerHTML).not.toContain('typed-secret');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('reset-key');
    expect(container.innerHTML).not.toContain('reset-key');
  });
});
