// @vitest-environment happy-dom

import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotificationModal } from '../../src/web/notification-modal.tsx';
import { initialModalState, modalStore, notify, setModalShow, setModalState } from '../../src/web/ui-store.ts';
import { setUpDom } from './dom-setup.ts';

setUpDom();

beforeEach(() => modalStore.set(initialModalState));

describe('notification modal', () => {
  it('is hidden by default with level info', () => {
    render(<NotificationModal />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(modalStore.get()).toEqual({ show: false, message: '', title: '', level: 'info' });
  });

  it('fills message, title and level without showing; the show flag is separate', () => {
    render(<NotificationModal />);
    act(() => setModalState({ title: '提醒', message: '請先設定預設地點', level: 'warning' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => setModalShow(true));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('data-level')).toBe('warning');
    expect(dialog.className).toContain('modal--warning');
    expect(screen.getByText('請先設定預設地點')).toBeTruthy();
  });

  it.each(['info', 'warning', 'error', 'success'] as const)('shows the %s level with its own style', (level) => {
    render(<NotificationModal />);
    act(() => notify({ message: 'x', level }));
    expect(screen.getByRole('alertdialog').className).toContain(`modal--${level}`);
  });

  it('closes with 確認', () => {
    render(<NotificationModal />);
    act(() => notify({ message: '預約成功', level: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: '確認' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(modalStore.get().show).toBe(false);
  });

  it('closes with the close button and with a click on the backdrop', () => {
    render(<NotificationModal />);
    act(() => notify({ message: 'a' }));
    fireEvent.click(screen.getAllByRole('button', { name: '關閉' })[1]!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => notify({ message: 'b' }));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('locks page scrolling while visible', () => {
    render(<NotificationModal />);
    act(() => notify({ message: 'a' }));
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: '確認' }));
    expect(document.body.style.overflow).toBe('');
  });
});
