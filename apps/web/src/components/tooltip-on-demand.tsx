import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';

type TargetProps = {
  onMouseEnter?: (event: unknown) => void;
  onMouseLeave?: (event: unknown) => void;
  onFocus?: (event: unknown) => void;
  onBlur?: (event: unknown) => void;
  ref?: Ref<HTMLElement>;
};

/**
 * Mantine's Tooltip, mounted on its target's first hover or focus (decision 245). A mounted Tooltip runs floating-ui's
 * hooks on every render, and an evaluation's detail has dozens of targets (each [n] and ★): rendering them all cost the
 * detail's later cards about a quarter of their work on a phone, where no pointer ever hovers. Shown while the pointer
 * is over the target or the target has the focus; a pointer that moves off a target replaced under it still closes it.
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
    document.addEventListener('pointermove', away);
    return () => document.removeEventListener('pointermove', away);
  }, [opened]);

  const show = (handler?: (event: unknown) => void) => (event: unknown) => {
    handler?.(event);
    setArmed(true);
    setOpened(true);
  };
  const hide = (handler?: (event: unknown) => void) => (event: unknown) => {
    handler?.(event);
    setOpened(false);
  };
  const element = cloneElement(children as ReactElement<TargetProps>, {
    ref,
    onMouseEnter: show(own.onMouseEnter),
    onMouseLeave: hide(own.onMouseLeave),
    onFocus: show(own.onFocus),
    onBlur: hide(own.onBlur),
  });
  if (!armed) return element;
  return (
    <Tooltip {...props} opened={opened}>
      {element}
    </Tooltip>
  );
}
