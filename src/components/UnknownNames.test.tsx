// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { unknownNames } from '@/lib/nearestNames';
import { UnknownNames } from './UnknownNames';

const HUBS = ['HB_HOUSTON', 'HB_NORTH', 'HB_SOUTH', 'HB_WEST'];

/** A field of comma-separated names, checked as it is typed against the names it is given. */
function NamesField({ known }: { known: readonly string[] }) {
  const [text, setText] = useState('');
  const unknown = unknownNames(text.split(','), known);
  return (
    <>
      <label>
        Hubs
        <input
          value={text}
          aria-describedby={unknown.length > 0 ? 'check' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <UnknownNames
        id="check"
        noun="hub"
        unknown={unknown}
        onUse={(typed, name) =>
          setText(
            text
              .split(',')
              .map((t) => (t.trim() === typed ? name : t.trim()))
              .join(','),
          )
        }
      />
    </>
  );
}

describe('UnknownNames', () => {
  it('names each unknown name as it is typed, with the nearest known ones that fix it in one click', async () => {
    const user = userEvent.setup();
    render(<NamesField known={HUBS} />);
    const field = screen.getByLabelText('Hubs');
    await user.type(field, 'HB_WEST,HB_NRTH,ZZZZZZZZ');
    expect(field).toHaveAccessibleDescription(
      'No hub named “HB_NRTH”. Did you mean HB_NORTH, HB_SOUTH, HB_WEST? No hub named “ZZZZZZZZ”. No known hub is close.',
    );
    await user.click(screen.getByRole('button', { name: 'Use HB_NORTH instead of HB_NRTH' }));
    expect(field).toHaveValue('HB_WEST,HB_NORTH,ZZZZZZZZ');
    expect(screen.queryByText(/HB_NRTH/)).toBeNull();
  });

  it('says nothing when every name is known, or nothing is typed', () => {
    expect(unknownNames(['HB_WEST', ' HB_NORTH ', ''], HUBS)).toEqual([]);
    const { container } = render(<UnknownNames id="x" noun="hub" unknown={[]} onUse={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
