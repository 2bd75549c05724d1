// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@/api/ApiError';
import { timeoutMessage } from '@/api/request';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';

const failure = (
  status: number,
  detail: string | null,
  extra: { kind?: 'timeout'; retryAfter?: number } = {},
) =>
  new ApiError({
    status,
    detail,
    path: '/v1/datasets/nope',
    ...extra,
    ...(extra.kind === 'timeout' ? { message: timeoutMessage(30) } : {}),
  });

function show(error: unknown) {
  const onRetry = vi.fn();
  render(
    <MemoryRouter>
      <ApiErrorMessage error={error} onRetry={onRetry} />
    </MemoryRouter>,
  );
  return { onRetry, retry: () => screen.queryByRole('button') };
}

describe('ApiErrorMessage', () => {
  it.each([
    ['a dataset that does not exist (404)', failure(404, "Dataset 'nope' not found.")],
    ['a parameter the server refuses (400)', failure(400, 'filter_operator must be one of =, !=.')],
    ['a value of the wrong type (422)', failure(422, 'start_time: not a timestamp')],
    ['a key the server does not know (401)', failure(401, 'Invalid API key.')],
    ['a plan without access (403)', failure(403, 'Not on your plan.')],
    [
      'a spent daily quota (429, back in 6 hours)',
      failure(429, 'Daily limit reached.', { retryAfter: 6 * 3600 }),
    ],
  ])('offers no Retry for %s: asking again gets the same refusal', (_, error) => {
    const { retry } = show(error);
    expect(screen.getByRole('alert')).toHaveTextContent(error.message);
    expect(retry()).toBeNull();
  });

  it.each([
    ['a server error (500)', failure(500, 'Internal Server Error'), 'Try again'],
    ['a server that could not be reached', failure(0, null), 'Try again'],
    ['a server that did not answer in time', failure(0, null, { kind: 'timeout' }), 'Retry'],
    [
      'a burst rate limit (429, back in 2 s)',
      failure(429, 'Too Many Requests.', { retryAfter: 2 }),
      'Try again',
    ],
    [
      'an answer cut short (200)',
      failure(200, 'The answer was not valid JSON. Check the base URL.'),
      'Try again',
    ],
  ])('offers Retry for %s', async (_, error, label) => {
    const { onRetry } = show(error);
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says where to fix a key the server refuses, instead of a Retry', () => {
    show(failure(401, 'Invalid API key.'));
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});
