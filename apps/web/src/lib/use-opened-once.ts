import { useState } from 'react';

/**
 * True from the first time `open` is true: an overlay mounted (and its chunk loaded) on first use stays
 * mounted afterwards, so it can animate out and keep its state like one mounted from the start.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
