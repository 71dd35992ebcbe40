// @vitest-environment happy-dom

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChange } from '../../src/web/changes.ts';
import { getQueryData, invalidateQueries, removeQueries, resetQueries, useQuery } from '../../src/web/query.ts';
import { setUpDom } from './dom-setup.ts';

setUpDom();

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

  it('invalidates every key when given no prefix', async () => {
    const fetcher = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    render(<Reader fetcher={fetcher} />);
    await screen.findByText('first');
    await act(() => invalidateQueries());
    await screen.findByText('second');
  });
});

describe('announced changes', () => {
  it('runs every listener and resolves once their work is done; a listener can stop', async () => {
    const change = createChange<string>();
    const seen: string[] = [];
    change.on(async (detail) => {
      await Promise.resolve();
      seen.push(`a:${detail}`);
    });
    const stop = change.on((detail) => seen.push(`b:${detail}`));
    await change.announce('s-1');
    expect(seen.sort()).toEqual(['a:s-1', 'b:s-1']);
    stop();
    await change.announce('s-2');
    expect(seen).toContain('a:s-2');
    expect(seen).not.toContain('b:s-2');
  });
});
