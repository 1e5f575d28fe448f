import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type Ref } from 'react';

type Handler = (event: { currentTarget: Element }) => void;
type TargetProps = {
  onMouseEnter?: Handler;
  onMouseLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
};

/**
 * Mantine's Tooltip, mounted on its target's first hover or keyboard focus (decision 245). A mounted Tooltip runs floating-ui's
 * hooks on every render, and an evaluation's detail has dozens of targets (each [n] and ★): rendering them all cost the
 * detail's later cards about a quarter of their work on a phone, where no pointer ever hovers. Shown while the pointer
 * is over the target or a keyboard has put the focus on it, until Escape (WCAG 1.4.13: dismissible without moving).
 *
 * The Tooltip is the target's sibling, pointed at it by ref (`target`), so mounting it never mounts the target anew: a
 * press that began before the Tooltip mounted ends on the same element and still clicks (decision 255).
 */
export function TooltipOnDemand({
  children,
  label,
  ...props
}: Omit<TooltipProps, 'opened' | 'target'> & { children: ReactElement }) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLElement | null>(null);
  const own = children.props as TargetProps;
  const ref = useMergedRef(target, own.ref);
  const tooltipId = useId();

  useEffect(() => {
    if (!opened) return;
    // A target replaced under a still pointer (a re-rendered list) never sees its mouseleave.
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
    if (event.currentTarget.matches(':focus-visible')) open();
  });
  const close = () => setOpened(false);
  const element = cloneElement(children as ReactElement<TargetProps>, {
    ref,
    onMouseEnter: then(own.onMouseEnter, open),
    onMouseLeave: then(own.onMouseLeave, close),
    onFocus,
    onBlur: then(own.onBlur, close),
    // Mantine links a child target to its label, not one given by ref: the label's own element is added here.
    'aria-describedby': [own['aria-describedby'], opened && tooltipId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <>
      {element}
      {armed && <Tooltip {...props} label={<div id={tooltipId}>{label}</div>} target={target} opened={opened} />}
    </>
  );
}
