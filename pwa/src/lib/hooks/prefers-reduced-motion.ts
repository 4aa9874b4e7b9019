/** The shopper asked the system for less motion: no self-running animations (WCAG 2.2.2). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
