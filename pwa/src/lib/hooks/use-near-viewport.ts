import { useEffect, useRef, useState } from 'react';

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport: rows below the
 * fold fetch and render only when the shopper scrolls towards them, keeping the first load light.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
