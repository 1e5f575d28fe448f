import { useSyncExternalStore } from 'react';

/**
 * A flag that goes up once per page load and that components can follow (all.css is in, the first screen is
 * painted: decision 171). `onServer` is what a prerender renders (decision 163).
 */
export function createOnceFlag(onServer = false) {
  let raised = false;
  const listeners = new Set<() => void>();
  const isRaised = () => raised;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    isRaised,
    raise(): void {
      if (raised) return;
      raised = true;
      for (const listener of [...listeners]) listener();
    },
    useRaised: (): boolean => useSyncExternalStore(subscribe, isRaised, () => onServer),
  };
}
