import { createStore, useStore } from '@shuttle/shared/web/store.ts';

/** The 'You are not logged in' prompt, opened by any action that needs a member. */
export const loginPromptStore = createStore<{ open: boolean; next: string | null }>({ open: false, next: null });

export function promptLogin(next: string | null = null): void {
  loginPromptStore.set({ open: true, next });
}

export function closeLoginPrompt(): void {
  loginPromptStore.set({ open: false, next: null });
}

export const useLoginPrompt = () => useStore(loginPromptStore);
