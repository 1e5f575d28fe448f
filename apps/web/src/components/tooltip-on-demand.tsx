import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type Ref } from 'react';

type Handler = (event: { currentTarget: Element }) => void;
type TargetProps = {
  onMouseEnter?: Handler;
  onMouseLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
  ref?: Ref<HTMLElement>;
};

/**
 * Mantine's Tooltip, mounted on its target's first hover or keyboard focus (decision 245). A mounted Tooltip runs floating-ui's
 * hooks on every render, and an evaluation's detail has dozens of targets (each [n] and ★): rendering them all cost the
 * detail's later cards about a quarter of their work on a phone, where no pointer ever hovers. Shown while the pointer
 * is over the target or a keyboard has put the focus on it, until Escape (WCAG 1.4.13: dismissible without moving);
 * a pointer that moves or taps off a target replaced under it still closes it.
 */
export function TooltipOnDemand({ children, ...props }: Omit<TooltipProps, 'opened'> & { children: ReactElement }) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLElement | null>(null);
  const own = children.props as TargetProps;
  const ref = useMergedRef(target, own.ref);

  useEffect(() => {
    if (!opened) return;
    // Mounting the Tooltip puts a new element under the pointer, which may never see a mouseenter of its own.
    const away = (event: PointerEvent) => {
      if (event.target instanceof Node && target.current?.contains(event.target)) return;
      if (target.current !== document.activeElement) setOpened(false);
    };
    // Controlled, Mantine's Tooltip leaves Escape to its owner.
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false);
    document.addEventListener('pointermove', away);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointermove', away);
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [opened]);

  // Mounting the Tooltip mounts the target anew: a target the keyboard had focused gets the focus back.
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (!armed || !refocus.current) return;
    refocus.current = false;
    target.current?.focus();
  }, [armed]);

  const open = () => {
    setArmed(true);
    setOpened(true);
  };
  const then =
    (handler: Handler | undefined, next: Handler): Handler =>
    (event) => {
      handler?.(event);
      next(event);
    };
  // A tap focuses a button too: only a keyboard's focus (focus-visible) shows the label, as a hover does.
  const onFocus = then(own.onFocus, (event) => {
    if (!event.currentTarget.matches(':focus-visible')) return;
    if (!armed) refocus.current = true;
    open();
  });
  const close = () => setOpened(false);
  const element = cloneElement(children as ReactElement<TargetProps>, {
    ref,
    onMouseEnter: then(own.onMouseEnter, open),
    onMouseLeave: then(own.onMouseLeave, close),
    onFocus,
    onBlur: then(own.onBlur, close),
  });
  if (!armed) return element;
  return (
    <Tooltip {...props} opened={opened}>
      {element}
    </Tooltip>
  );
}
