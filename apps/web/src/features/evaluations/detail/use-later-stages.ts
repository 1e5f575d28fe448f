import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How near the viewport's bottom the place of the next card may come before the cards after the first screen
 * start: they render in stages of a frame each, so a reader scrolling down finds them rendered.
 */
const NEAR = '0px 0px 200px 0px';
/** How long a reader who neither scrolls nor prints has the first screen alone before the rest renders anyway. */
const ALONE_MS = 4000;

/**
 * Whether the reader may soon want the cards after the first screen: the element given to `ref` (the place of the
 * next card) came near the viewport, or the first screen has been alone for ALONE_MS (the rest is then there for a
 * screen reader's reading order and the browser's find), from the moment `ready` holds. Stays true.
 */
function useWantedSoon(ready: boolean) {
  const [element, ref] = useState<Element | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!ready || wanted) return;
    const want = () => startTransition(() => setWanted(true));
    const timer = setTimeout(want, ALONE_MS);
    const observer = element
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: NEAR })
      : null;
    if (element) observer?.observe(element);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [ready, wanted, element]);
  return { ref, wanted };
}

/**
 * 0 for the body's first render, then one more after each paint up to `last`, once `ready` and the reader may soon
 * want them (useWantedSoon): the cards after the first screen render one per stage, each in a transition (short
 * slices) and a commit of its own, in the page's order, so nothing above what is painted moves; on a phone they wait
 * until the reader scrolls towards them, so the first screen's load does not carry their work (decisions 215
 * and 241). Printing renders every stage at once. `ref` goes on the place of the first card after the first screen.
 */
export function useLaterStages(ready: boolean, last: number) {
  const [stage, setStage] = useState(0);
  const { ref, wanted } = useWantedSoon(ready);
  const target = ready && wanted ? last : 0;
  useEffect(() => {
    if (stage >= target) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setStage((s) => Math.min(s + 1, last))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stage, target, last]);
  const printAll = useCallback(() => flushSync(() => setStage(last)), [last]);
  useEffect(() => {
    if (!ready || stage >= last) return;
    window.addEventListener('beforeprint', printAll);
    return () => window.removeEventListener('beforeprint', printAll);
  }, [ready, stage, last, printAll]);
  return { stage, started: target > 0, ref };
}
