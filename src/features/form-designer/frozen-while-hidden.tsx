import { memo, type ReactNode } from 'react';

/**
 * Renders its children, and while `hidden` keeps the last render instead of following every
 * change: a tab the user is not looking at (the property panel while a rule is typed, the problems
 * list under the preview) need not re-render on each keystroke. Shown again, it renders the latest.
 */
export const FrozenWhileHidden = memo(
  function FrozenWhileHidden({ children }: { hidden: boolean; children: ReactNode }) {
    return <>{children}</>;
  },
  (_before, next) => next.hidden,
);
