import { TOKEN_KEY, clearToken, getToken, setToken } from './storage.ts';

/**
 * The session is "authenticated when a token is in local storage" (spec §4). This tiny store makes that
 * reactive (useSyncExternalStore) and follows other tabs through the `storage` event.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getToken,
  signIn(token: string): void {
    setToken(token);
    emit();
  },
  signOut(): void {
    clearToken();
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
