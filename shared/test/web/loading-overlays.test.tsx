// @vitest-environment happy-dom

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingOverlays } from '../../src/web/loading-overlays.tsx';
import { loadingStore, setLoading, withLightLoading } from '../../src/web/ui-store.ts';
import { setUpDom } from './dom-setup.ts';

setUpDom();

afterEach(() => loadingStore.set({ isLoading1: false, isLoading2: false }));

describe('loading overlays', () => {
  it('shows nothing when neither flag is set', () => {
    render(<LoadingOverlays />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the full-screen logo with translated text for isLoading1', () => {
    render(<LoadingOverlays />);
    act(() => setLoading('isLoading1', true));
    expect(screen.getByTestId('loading-full').textContent).toContain('載入中');
  });

  it('shows the light shuttlecock overlay for isLoading2 while a task runs', async () => {
    render(<LoadingOverlays />);
    let finish!: () => void;
    const task = withLightLoading(() => new Promise<void>((resolve) => (finish = resolve)));
    await act(async () => undefined);
    expect(screen.getByTestId('loading-light')).toBeTruthy();
    await act(async () => {
      finish();
      await task;
    });
    expect(screen.queryByTestId('loading-light')).toBeNull();
  });
});
