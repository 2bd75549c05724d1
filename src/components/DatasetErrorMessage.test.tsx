// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { serverError } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const retryButton = () => screen.queryByRole('button', { name: /^(Retry|Try again)$/ });

describe('A dataset the server does not have', () => {
  it('on its page: says so, offers no Retry, and links the nearest datasets and the catalog', async () => {
    const { user } = renderApp('/datasets/ercot_lod');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Dataset 'ercot_lod' not found.");
    expect(retryButton()).toBeNull();

    const suggestions = (await screen.findByRole('heading', { name: 'Did you mean' })).closest('section');
    const nearest = within(suggestions as HTMLElement).getByRole('link', { name: 'ERCOT Load' });
    expect(nearest).toHaveAttribute('href', '/datasets/ercot_load');
    expect(screen.getByRole('link', { name: 'Back to the catalog' })).toHaveAttribute('href', '/');
    await user.click(nearest);
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
  });

  it('in the query builder: no “Try again”, the nearest datasets open their query builder', async () => {
    renderApp('/datasets/ercot_lod/query');
    expect(await screen.findByRole('alert')).toHaveTextContent("Dataset 'ercot_lod' not found.");
    expect(retryButton()).toBeNull();
    expect(await screen.findByRole('link', { name: 'ERCOT Load' })).toHaveAttribute(
      'href',
      '/datasets/ercot_load/query',
    );
    expect(screen.getByRole('link', { name: 'Back to the catalog' })).toBeInTheDocument();
  });

  it('a server error of the same request still offers Retry, and no suggestions', async () => {
    server.use(serverError('*/v1/datasets/:id', 'Metadata store unavailable.', { once: true }).handler);
    const { user } = renderApp('/datasets/ercot_load/query');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Metadata store unavailable.');
    expect(screen.queryByRole('heading', { name: 'Did you mean' })).toBeNull();
    await user.click(within(message).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Query ERCOT Load' })).toBeInTheDocument();
  });
});
