import { createStore, useStore } from './store.ts';

export type ModalLevel = 'info' | 'warning' | 'error' | 'success';

/** The global notification modal: hidden until shown, level info unless told otherwise. */
export interface ModalState {
  show: boolean;
  message: string;
  title: string;
  level: ModalLevel;
}

export const initialModalState: ModalState = { show: false, message: '', title: '', level: 'info' };
export const modalStore = createStore<ModalState>(initialModalState);

/** Fills message, title and level without showing the modal: a screen may prepare it and show it later. */
export function setModalState(content: { message: string; title?: string; level?: ModalLevel }): void {
  modalStore.set((state) => ({
    ...state,
    message: content.message,
    title: content.title ?? '',
    level: content.level ?? 'info',
  }));
}

export function setModalShow(show: boolean): void {
  modalStore.set((state) => ({ ...state, show }));
}

/** Both steps at once, for the common case. */
export function notify(content: { message: string; title?: string; level?: ModalLevel }): void {
  setModalState(content);
  setModalShow(true);
}

export const useModal = () => useStore(modalStore);

export interface LoadingState {
  /** Full-screen loading with the animated logo. */
  isLoading1: boolean;
  /** Light overlay with the shuttlecock. */
  isLoading2: boolean;
}

export const loadingStore = createStore<LoadingState>({ isLoading1: false, isLoading2: false });

export function setLoading(flag: keyof LoadingState, value: boolean): void {
  loadingStore.set((state) => (state[flag] === value ? state : { ...state, [flag]: value }));
}

let lightCount = 0;

/** Shows the light overlay while `task` runs; overlapping tasks keep it up until the last ends. */
export async function withLightLoading<T>(task: () => Promise<T>): Promise<T> {
  lightCount += 1;
  setLoading('isLoading2', true);
  try {
    return await task();
  } finally {
    lightCount -= 1;
    if (lightCount === 0) setLoading('isLoading2', false);
  }
}

export const useLoading = () => useStore(loadingStore);
