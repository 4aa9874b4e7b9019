import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a section a button opens below a table (a store's shelves or queue): focused as it opens, so a
 * keyboard or screen reader user is taken to what they asked for instead of being left on the button.
 */
export function OpenedHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h2 ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}
