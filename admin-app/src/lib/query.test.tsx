import { getQueryData, invalidateQueries, removeQueries, resetQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

function Reader({ fetcher }: { fetcher: () => Promise<string> }) {
  const query = useQuery('team:board', fetcher);
  return <output data-testid="value">{query.data ?? query.status}</output>;
}

afterEach(() => removeQueries());

describe('query cache', () => {
  it('fetches once for the screens sharing a key and refetches on invalidation', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    render(
      <>
        <Reader fetcher={fetcher} />
        <Reader fetcher={fetcher} />
      </>,
    );
    expect((await screen.findAllByText('first')).length).toBe(2);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(() => invalidateQueries('team:'));
    expect((await screen.findAllByText('second')).length).toBe(2);
  });

  it('forgets the old answers on reset (a team switch) and loads again for the screens on display', async () => {
    let team = 'A';
    const fetcher = vi.fn(() => Promise.resolve(`board of ${team}`));
    render(<Reader fetcher={fetcher} />);
    await screen.findByText('board of A');
    team = 'B';
    let reset: Promise<unknown> = Promise.resolve();
    act(() => {
      reset = resetQueries();
    });
    expect(screen.getByTestId('value').textContent).not.toBe('board of A');
    await act(() => reset);
    expect(screen.getByTestId('value').textContent).toBe('board of B');
    expect(getQueryData('team:board')).toBe('board of B');
  });
});
